import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { missingReason } from '../../scripts/system-tools.mjs';
import { loadConfig } from '../../server/config.js';
import { openDatabase, queryRows } from '../../server/db/client.js';
import { platformSecrets, signatureRequestDocuments } from '../../server/db/schema/index.js';
import { sampleBulkRow, sampleBulkSheet } from '../../server/requests/bulk/factories.js';
import { createS3Storage } from '../../server/storage/s3.js';
import { startLoopbackS3 } from '../support/s3/loopbackS3.js';
import { seedOtpSender } from './support/clusterCompany.js';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';
import { nginxMissing, startNginx } from './support/nginx.js';
import { freePort, killHard } from './support/processes.js';
import { expectSealedPdfPasses } from './support/sealedPdf.js';
import { type ServerProcess, serverAnswering, spawnServer } from './support/serverProcess.js';
import { startSmtpCapture } from './support/smtpCapture.js';
import { httpCaller, invitationLink, ok, signThroughPage, until } from './support/throughProxy.js';

/**
 * Issue 24's cluster: nginx (the shipped config) in front of three server processes started at
 * the same moment on an empty PostgreSQL database, files in one loopback S3 bucket, mail to one
 * loopback SMTP server. A single and a 500-row bulk request are sent, signed, sealed, downloaded
 * and validated through nginx while one process is SIGKILLed and restarted mid-way.
 */

// CLUSTER_BULK_ROWS and CLUSTER_SIGNED_ROWS only to try the flow quickly by hand; the suite sends
// 500 rows and every signer signs.
const BULK_ROWS = Number(process.env.CLUSTER_BULK_ROWS ?? 500);
const SIGNED_BULK_ROWS = Number(process.env.CLUSTER_SIGNED_ROWS ?? BULK_ROWS);
const ADMIN = { email: 'admin@cluster.test', password: 'Cluster-Admin-2026' };
const SENDER = { email: 'sofia@cluster.test', password: 'Cluster-Envia-2026' };
const SINGLE_SIGNER = 'unico@firmantes.cluster.test';
const skipReason =
  testDatabaseKind !== 'postgresql' ? 'solo con PostgreSQL (TEST_DB=postgres)' : nginxMissing;

const cleanups: (() => Promise<void> | void)[] = [];
const outputs: (() => string)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  // By hand, to read why a run failed: CLUSTER_LOGS=<file> keeps every process's output there.
  if (process.env.CLUSTER_LOGS)
    writeFileSync(process.env.CLUSTER_LOGS, outputs.map((output) => output()).join('\n=====\n'));
});

/** pino JSON lines of level error (50) or fatal (60). */
const errorLines = (output: string) =>
  output.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });

/** pino lines of a job that failed and will be retried. */
const failedJobLines = (output: string) =>
  output.split('\n').filter((line) => line.includes('"msg":"Trabajo fallido'));

const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
};

describe.skipIf(skipReason)(`a cluster behind nginx${skipReason ? ` (omitido: ${skipReason})` : ''}`, () => {
  it('sends, signs, seals and validates through nginx while a process is killed and restarted', async () => {
    // A failed run says why in CI's log: every process's error lines (CLUSTER_LOGS keeps all).
    onTestFailed(() => {
      for (const [index, output] of outputs.entries())
        console.error(`proceso ${index + 1}, errores:\n${errorLines(output()).join('\n') || '(ninguno)'}`);
    });
    const started = Date.now();
    const created = await createPostgresDatabase();
    cleanups.push(() => created.drop());
    const s3 = await startLoopbackS3('rubrica-cluster');
    cleanups.push(() => s3.stop());
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.stop());
    // nginx's port is known before the servers start: their PUBLIC_URL points at it.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env = {
      ...s3.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      JOB_WORKERS: '2',
      JOB_POLL_MS: '100',
      JOB_LEASE_SECONDS: '6',
      // Every call of the test comes from one client address.
      RATE_LIMIT_SCALE: '100',
    };
    const servers: ServerProcess[] = await Promise.all([0, 1, 2].map(() => spawnServer(created.url, env)));
    const finished: ServerProcess[] = [];
    for (const server of servers) outputs.push(server.output);
    cleanups.push(async () => {
      for (const server of [...servers, ...finished]) {
        await killHard(server.child);
        rmSync(server.dataDir, { recursive: true, force: true });
      }
    });
    await Promise.all(servers.map((server) => serverAnswering(server)));
    const nginx = await startNginx(
      servers.map((server) => `127.0.0.1:${server.port}`),
      proxyPort,
    );
    cleanups.push(() => nginx.stop());
    const call = httpCaller(publicUrl);

    const database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    cleanups.push(() => database.close());
    const { db } = database;
    const { packageId } = await seedOtpSender(db, { sender: SENDER, units: 2000 });

    const signin = ok('iniciar sesión', await call('POST', 'users/signin', SENDER));
    const auth = { authorization: `Bearer ${signin.json.data.token}` };
    const single = ok(
      'envío individual',
      await call(
        'POST',
        'process_signature_request',
        {
          document_package_id: packageId,
          values: { cliente: 'Cliente Único', valor: '5000', fecha_inicio: '2026-12-01', plan: 'Plus' },
          signers: [{ number: 1, name: 'Úrsula Única', email: SINGLE_SIGNER }],
        },
        auth,
      ),
    );
    const domain = 'firmantes.cluster.test';
    const sheet = await sampleBulkSheet(BULK_ROWS, domain);
    const imported = ok(
      'carga masiva',
      await call(
        'POST',
        'import_documents_packages_fields',
        {
          document_package_id: packageId,
          filename: 'masivo.xlsx',
          content_base64: sheet.toString('base64'),
          expiry_days: 10,
        },
        auth,
      ),
    );
    const batchId: number = imported.json.data.id;
    expect(imported.json.data).toMatchObject({ total: BULK_ROWS, valid: BULK_ROWS });
    ok('envío masivo', await call('POST', 'process_signature_request_multiple', { batch_id: batchId }, auth));

    // Mid-way through the rows, one process dies without a word and comes back on its port.
    const rowsDone = async () =>
      (
        await queryRows<{ done: number }>(
          db,
          sql`SELECT count(*)::int AS done FROM signature_request_batch_rows
              WHERE batch_id = ${batchId} AND status IN ('sent', 'failed')`,
        )
      )[0]!.done;
    await until(
      'las primeras filas se envían',
      async () => (await rowsDone()) >= Math.ceil(BULK_ROWS / 5),
      180_000,
    );
    const victim = servers[1]!;
    await killHard(victim.child);
    const doneAtKill = await rowsDone();
    // Rows were still being worked when the process died.
    expect(doneAtKill).toBeLessThan(BULK_ROWS);
    finished.push(victim);
    servers[1] = await spawnServer(created.url, env, { dataDir: victim.dataDir, port: victim.port });
    outputs.push(servers[1].output);
    await serverAnswering(servers[1]);

    const signerEmails = [
      SINGLE_SIGNER,
      ...Array.from({ length: BULK_ROWS }, (_, index) => sampleBulkRow(index + 1, domain).firmante_1_correo!),
    ];
    // The platform's wording of the invitation (and of the completion notice) by subject.
    const invitations = (address: string) =>
      smtp.to(address).filter((mail) => mail.subject.includes('le solicita firmar') && invitationLink(mail));
    const completions = (address: string) =>
      smtp.to(address).filter((mail) => mail.subject.includes('fue firmado por todos'));
    await until(
      async () =>
        `cada firmante recibe su invitación (filas hechas: ${await rowsDone()}, correos: ${smtp.messages.length}, sin invitación: ${signerEmails.filter((address) => invitations(address).length === 0).length})`,
      () => signerEmails.every((address) => invitations(address).length > 0),
      240_000,
      250,
    );
    expect(await rowsDone()).toBe(BULK_ROWS);
    const invitedAt = Date.now();

    // The single request's signer and a sample of the bulk's sign through nginx.
    const signing = [SINGLE_SIGNER, ...signerEmails.slice(1, 1 + SIGNED_BULK_ROWS)];
    const tokens = new Map<string, string>();
    // A few signers at once, as real ones are: their calls spread over the processes.
    const waiting = [...signing];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let address = waiting.shift(); address; address = waiting.shift()) {
          const link = invitationLink(invitations(address)[0]!)!;
          expect(link[1]).toBe(publicUrl);
          tokens.set(address, link[2]!);
          await signThroughPage(call, link[2]!, () => smtp.to(address));
        }
      }),
    );
    const signedAt = Date.now();

    // Once sealed, each signer's link downloads the sealed PDF through nginx.
    const sealedDocuments = async () =>
      queryRows<{ email: string; request_id: number; document_id: number; seal_status: string }>(
        db,
        sql`SELECT s.email, r.id AS request_id, d.id AS document_id, r.seal_status
            FROM signature_requests r
            JOIN signature_request_signers s ON s.request_id = r.id
            JOIN signature_request_documents d ON d.request_id = r.id
            WHERE s.email IN (${sql.join(
              signing.map((address) => sql`${address}`),
              sql`, `,
            )})`,
      );
    const sealed = await until(
      'cada solicitud firmada se sella',
      async () => {
        const rows = await sealedDocuments();
        return rows.length === signing.length && rows.every((row) => row.seal_status === 'sealed') && rows;
      },
      180_000,
      250,
    );
    const downloads = new Map<string, Buffer>();
    for (const { email, document_id } of sealed) {
      const response = await fetch(
        `${publicUrl}/api/signed_request_document?token=${tokens.get(email)}&document_id=${document_id}`,
      );
      expect(response.status, email).toBe(200);
      downloads.set(email, Buffer.from(await response.arrayBuffer()));
    }
    console.info(
      `clúster: ${BULK_ROWS} filas, ${doneAtKill} enviadas al matar un proceso, ${signing.length} firmadas y selladas; segundos: ${[invitedAt - started, signedAt - invitedAt, Date.now() - signedAt].map((ms) => Math.round(ms / 1000)).join(' + ')} (envío, firmas, sellos)`,
    );

    // Every invitation exactly once; every signed request sealed exactly once, its file in S3.
    for (const address of signerEmails) expect(invitations(address).length, address).toBe(1);
    await until('cada firmante recibe el documento firmado', () =>
      signing.every((address) => completions(address).length > 0),
    );
    for (const address of signing) expect(completions(address).length, address).toBe(1);
    const requests = await queryRows<{
      id: number;
      email: string;
      status: string;
      seal_status: string;
      sealed: number;
    }>(
      db,
      sql`SELECT r.id, s.email, r.status, r.seal_status,
            (SELECT count(*)::int FROM signature_request_events e
              WHERE e.request_id = r.id AND e.action = 'sealed') AS sealed
          FROM signature_requests r JOIN signature_request_signers s ON s.request_id = r.id`,
    );
    expect(requests).toHaveLength(BULK_ROWS + 1);
    expect(new Set(requests.map((request) => request.email)).size).toBe(BULK_ROWS + 1);
    const signedRequests = requests.filter((request) => signing.includes(request.email));
    expect(signedRequests.map((request) => [request.status, request.seal_status, request.sealed])).toEqual(
      signing.map(() => ['completed', 'sealed', 1]),
    );
    expect(signedRequests.map((request) => request.id)).toContain(single.json.data.request_id);
    const documents = await db
      .select({
        requestId: signatureRequestDocuments.requestId,
        sealedKey: signatureRequestDocuments.sealedKey,
        sealedSha256: signatureRequestDocuments.sealedSha256,
      })
      .from(signatureRequestDocuments)
      .where(
        inArray(
          signatureRequestDocuments.requestId,
          signedRequests.map((request) => request.id),
        ),
      );
    expect(documents).toHaveLength(signing.length);
    const bucket = await createS3Storage(s3.options);
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    for (const document of documents) {
      const stored = await bucket.get(document.sealedKey!);
      expect(stored, document.sealedKey!).not.toBeNull();
      expect(sha256(await buffer(stored!))).toBe(document.sealedSha256);
      const email = signedRequests.find((request) => request.id === document.requestId)!.email;
      expect(sha256(downloads.get(email)!)).toBe(document.sealedSha256);
    }

    // The public validation recognises the downloaded PDFs, whichever process answers.
    for (const address of signing.slice(0, 4)) {
      const verdict = ok(
        'validar el PDF',
        await call('POST', 'certificate_validation/pdf', {
          filename: 'sellado.pdf',
          content_base64: downloads.get(address)!.toString('base64'),
        }),
      );
      expect(verdict.json.data.status).toBe('intact');
      expect(verdict.json.data.request).not.toBeNull();
    }
    const pades = missingReason(['pdfsig', 'qpdf', 'openssl']);
    if (!pades) {
      const config = loadConfig({
        ...postgresEnv(created.url),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rubrica-cluster-check-')),
        LOG_LEVEL: 'silent',
      });
      cleanups.push(() => rmSync(config.DATA_DIR, { recursive: true, force: true }));
      await expectSealedPdfPasses(downloads.get(SINGLE_SIGNER)!, config);
    }

    // One CA; a session token and a signer link made through one process valid on every process.
    const roots = await db
      .select({ name: platformSecrets.name })
      .from(platformSecrets)
      .where(eq(platformSecrets.name, 'pki.root_certificate'));
    expect(roots).toHaveLength(1);
    const admin = ok('iniciar sesión como administrador', await call('POST', 'users/signin', ADMIN));
    for (const server of servers) {
      const direct = httpCaller(server.base.replace(/\/api$/, ''));
      const me = await direct('GET', `get_users/${admin.json.data.id}`, undefined, {
        authorization: `Bearer ${admin.json.data.token}`,
      });
      expect(me.status).toBe(200);
      // The e-mailed link of a signer who signed through nginx still downloads the sealed PDF here.
      const { document_id } = sealed.find((row) => row.email === SINGLE_SIGNER)!;
      const pdf = await fetch(
        `${server.base}/signed_request_document?token=${tokens.get(SINGLE_SIGNER)}&document_id=${document_id}`,
      );
      expect(pdf.status).toBe(200);
      expect(Buffer.from(await pdf.arrayBuffer()).equals(downloads.get(SINGLE_SIGNER)!)).toBe(true);
    }

    // Nothing on local disk; no error logged but by the killed process.
    for (const server of [...servers, victim]) expect(filesUnder(join(server.dataDir, 'files'))).toEqual([]);
    for (const server of servers) expect(errorLines(server.output())).toEqual([]);
    // Nor a job failing and retried: rows racing on the batch row and mail jobs racing on their
    // outbox row did, before their fixes.
    for (const server of servers) expect(failedJobLines(server.output())).toEqual([]);
  }, 600_000);
});
