import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { bootstrap } from '../../server/bootstrap.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, queryRows } from '../../server/db/client.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { platformSecrets, signatureRequestSigners, users } from '../../server/db/schema/index.js';
import { createLogger } from '../../server/logger.js';
import { certificateDer } from '../../server/pades/crypto.js';
import { platformTrust } from '../../server/pades/platform-trust.js';
import { loadOrCreateTrust } from '../../server/pades/trust.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { signerTokenHash } from '../../server/requests/core/tokens.js';
import { loadSecrets } from '../../server/secrets.js';
import {
  createPostgresDatabase,
  postgresEnv,
  TEST_SECRETS_KEY,
  testDatabaseKind,
} from './support/database.js';
import { killHard } from './support/processes.js';
import { serverAnswering, spawnServer } from './support/serverProcess.js';

const ADMIN = { email: 'cluster@rubrica.test', password: 'Cluster-Prueba-2026' };
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase() {
  const created = await createPostgresDatabase();
  cleanups.push(() => created.drop());
  return created.url;
}

/** A server process of its own (own DATA_DIR and port) on the given database, not waited for. */
async function spawnClusterServer(databaseUrl: string) {
  const server = await spawnServer(databaseUrl, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JOB_WORKERS: '0',
  });
  cleanups.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
  cleanups.push(() => killHard(server.child));
  return server;
}

/** What no process may ever print: the administrator's password, its hash, any query parameter. */
function expectNoSecrets(output: string): void {
  for (const leak of ['$argon2id$', 'params:', ADMIN.password, TEST_SECRETS_KEY])
    expect(output).not.toContain(leak);
}

describe.skipIf(testDatabaseKind !== 'postgresql')('several processes on one PostgreSQL database', () => {
  it('start together on an empty database and share the administrator, the secrets and the CA', async () => {
    const databaseUrl = await emptyDatabase();
    const servers = await Promise.all([
      spawnClusterServer(databaseUrl),
      spawnClusterServer(databaseUrl),
      spawnClusterServer(databaseUrl),
    ]);
    await Promise.all(servers.map((server) => serverAnswering(server)));

    const database = await openDatabase({ databaseUrl, dataDir: '' });
    cleanups.push(() => database.close());
    const admins = await database.db.select().from(users).where(eq(users.roleId, ROLE.administrator));
    expect(admins.map((admin) => admin.email)).toEqual([ADMIN.email]);
    const rows = await database.db
      .select({ name: platformSecrets.name, value: platformSecrets.value })
      .from(platformSecrets);
    expect(rows.map((row) => row.name).sort()).toEqual([
      'pki.root_certificate',
      'pki.root_key',
      'pki.seal_certificate',
      'pki.seal_key',
      'pki.tsa_certificate',
      'pki.tsa_key',
      'session_secret',
    ]);
    // Private keys and the session secret are stored encrypted; only certificates are readable.
    for (const row of rows) expect(row.value.includes('PRIVATE KEY')).toBe(false);

    const [first, ...others] = servers;
    const signin = await fetch(`${first!.base}/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signin.status).toBe(200);
    const { token, id } = (await signin.json()).data;
    for (const other of others) {
      const me = await fetch(`${other.base}/get_users/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
    }

    // Signer links are read with the shared secret: a link this process made for round 1, after a
    // resend moved the signer to round 2, is told apart as replaced (410) by every server; a
    // server with a secret of its own could not read it and would answer 404.
    const config = loadConfig({
      ...postgresEnv(databaseUrl),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rubrica-cluster-')),
      LOG_LEVEL: 'silent',
    });
    const { deps } = await bootstrap({ config, logger: createLogger('silent'), database });
    const companyId = await createCompany(database.db, {
      fiscalName: 'Clúster S.A.S.',
      taxId: '900777888-1',
    });
    const createdBy = await createUser(database.db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name: 'Carla',
      lastName: 'Clúster',
      email: 'carla@cluster.test',
      password: 'Clave-Segura-2026',
    });
    const request = await createTestRequest(deps, {
      companyId,
      createdBy,
      signers: [{ name: 'Sergio Firmante', email: 'sergio@cluster.test' }],
    });
    const signer = request.signers[0]!;
    await database.db
      .update(signatureRequestSigners)
      .set({ tokenRound: 2, tokenHash: signerTokenHash(deps.secrets.sessionSecret, signer.id, 2) })
      .where(eq(signatureRequestSigners.id, signer.id));
    for (const server of servers) {
      const view = await fetch(`${server.base}/verify_token_sign_request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: signer.token }),
      });
      expect(view.status).toBe(410);
    }
    await deps.queue.stop();
    for (const server of servers) expectNoSecrets(server.output());
  }, 300_000);

  it('prints a failed start-up query without its parameter values', async () => {
    const databaseUrl = await emptyDatabase();
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    cleanups.push(() => database.close());
    await applyMigrations(database);
    // The first administrator's insert fails, as it did when two processes raced to create it.
    await queryRows(
      database.db,
      sql.raw(`CREATE FUNCTION refuse_users() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'alta de usuarios rechazada por la prueba'; END $$`),
    );
    await queryRows(
      database.db,
      sql.raw(
        'CREATE TRIGGER refuse_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_users()',
      ),
    );
    const server = await spawnClusterServer(databaseUrl);
    // 'close' comes after the process's output has been read to its end.
    await once(server.child, 'close');
    expect(server.child.exitCode).toBe(1);
    const output = server.output();
    expect(output).toContain('insert into "users"');
    expect(output).toContain('alta de usuarios rechazada por la prueba');
    expectNoSecrets(output);
    expect(output).not.toContain(ADMIN.email);
  }, 300_000);

  it('refuses to start without SECRETS_KEY, or with another key than the one that encrypted the secrets', async () => {
    const databaseUrl = await emptyDatabase();
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    cleanups.push(() => database.close());
    const logger = createLogger('silent');
    const configWith = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'rubrica-cluster-')), LOG_LEVEL: 'silent', ...env });
    await expect(bootstrap({ config: configWith({}), logger, database })).rejects.toThrow(
      /SECRETS_KEY: es obligatoria con PostgreSQL/,
    );
    // Nothing was created by the refused start: no administrator whose password nobody saw.
    expect(await database.db.select().from(users)).toEqual([]);

    const first = await bootstrap({
      config: configWith({ SECRETS_KEY: TEST_SECRETS_KEY }),
      logger,
      database,
    });
    const otherKey = Buffer.alloc(32, 0x11).toString('hex');
    await expect(
      bootstrap({ config: configWith({ SECRETS_KEY: otherKey }), logger, database }),
    ).rejects.toThrow(/SECRETS_KEY no es la clave con la que se cifró/);
    // An explicit SESSION_SECRET still wins over the shared one.
    const explicit = 'x'.repeat(40);
    const withSecret = await bootstrap({
      config: configWith({ SECRETS_KEY: TEST_SECRETS_KEY, SESSION_SECRET: explicit }),
      logger,
      database,
    });
    expect(withSecret.deps.secrets.sessionSecret).toBe(explicit);
    const again = await bootstrap({
      config: configWith({ SECRETS_KEY: TEST_SECRETS_KEY }),
      logger,
      database,
    });
    expect(again.deps.secrets.sessionSecret).toBe(first.deps.secrets.sessionSecret);
    for (const { deps } of [first, withSecret, again]) await deps.queue.stop();
  });

  it('keeps the session secret and the CA a server made in its DATA_DIR before the database kept them', async () => {
    const databaseUrl = await emptyDatabase();
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    cleanups.push(() => database.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-cluster-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const before = loadSecrets(dataDir, {});
    const trustBefore = await loadOrCreateTrust(dataDir);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRETS_KEY: TEST_SECRETS_KEY });
    const { deps } = await bootstrap({ config, logger: createLogger('silent'), database });
    await deps.queue.stop();
    expect(deps.secrets.sessionSecret).toBe(before.sessionSecret);
    const trust = await platformTrust(config);
    expect(certificateDer(trust.root)).toEqual(certificateDer(trustBefore.root));
    expect(certificateDer(trust.seal.certificate)).toEqual(certificateDer(trustBefore.seal.certificate));
  });
});
