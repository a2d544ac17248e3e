import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap.js';
import { loadConfig } from '../../server/config.js';
import {
  signatureRequestDocuments,
  signatureRequestEmails,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { createLogger } from '../../server/logger.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { readAll } from '../../server/storage/storage.js';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';
import { killHard, spawnTs } from './support/processes.js';
import { expectSealedPdfPasses } from './support/sealedPdf.js';

describe(`sealing killed mid-request on ${testDatabaseKind}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-seal-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seals each document exactly once after a SIGKILL and a restart', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    let dropDatabase: (() => Promise<void>) | undefined;
    if (testDatabaseKind === 'postgresql') {
      const created = await createPostgresDatabase();
      Object.assign(env, postgresEnv(created.url));
      dropDatabase = created.drop;
    }
    const worker = spawnTs('tests/api/support/seal-worker.ts', [], env);
    await worker.waitFor('holding', 120_000);
    const requestId = Number(/request (\d+)/.exec(worker.output())![1]);
    await killHard(worker.child);

    // The restarted server: same data directory and database; the job's lease runs out and it is claimed again.
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@rubrica.test' });
    const { deps } = await bootstrap({ config, logger: createLogger('silent') });
    const { db } = deps.database;
    const documentsNow = () =>
      db
        .select()
        .from(signatureRequestDocuments)
        .where(eq(signatureRequestDocuments.requestId, requestId))
        .orderBy(asc(signatureRequestDocuments.position));
    const atCrash = await documentsNow();
    expect(atCrash.map((document) => Boolean(document.sealedSha256))).toEqual([true, false, false]);
    const sealedStatus = async () =>
      (await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId)))[0]!.sealStatus;
    expect(await sealedStatus()).toBe('pending');

    const deadline = Date.now() + 90_000;
    while ((await sealedStatus()) !== 'sealed' && Date.now() < deadline) {
      await deps.queue.drain();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await sealedStatus()).toBe('sealed');
    const after = await documentsNow();
    // The document sealed before the crash kept its seal; the others were sealed once each.
    expect(after[0]!.sealedSha256).toBe(atCrash[0]!.sealedSha256);
    expect(after[0]!.sealedKey).toBe(atCrash[0]!.sealedKey);
    const stored = readdirSync(join(dataDir, 'files', 'companies'), { recursive: true }).filter((name) =>
      String(name).includes(`requests/${requestId}/sealed/`),
    );
    expect(stored).toHaveLength(3);
    for (const document of after) {
      const pdf = new Uint8Array((await readAll(deps.storage, document.sealedKey!))!);
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(document.sealedSha256);
      await expectSealedPdfPasses(pdf, deps.config);
    }
    const events = await requestEvents(db, requestId);
    expect(events.filter((event) => event.action === 'sealed')).toHaveLength(1);
    const completedMails = await db
      .select()
      .from(signatureRequestEmails)
      .where(
        and(eq(signatureRequestEmails.requestId, requestId), eq(signatureRequestEmails.kind, 'completed')),
      );
    expect(completedMails.map((mail) => mail.to).sort()).toEqual(
      ['ana.crash@correo.test', 'bruno.crash@correo.test', 'sara@sellos.test'].sort(),
    );
    await deps.queue.stop();
    await deps.database.close();
    await dropDatabase?.();
    // Two processes start and a whole seal runs: the waits inside are bounded on their own.
  }, 300_000);
});
