import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite } from '../../server/db/client.js';
import { PGLITE_TEMPLATE } from './setup/global.js';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';
import { nginxMissing, startNginx } from './support/nginx.js';
import { freePort, killHard } from './support/processes.js';

/**
 * The shipped deploy/systemd/rubrica@.service with deploy/rubrica.env.example: systemd does not
 * run on the test machines, so the test does what systemd would: starts exactly the unit's
 * ExecStart, in its WorkingDirectory (a built installation), with its Environment= lines and the
 * EnvironmentFile (the example with test values), the instance name (%i) being the port; waits for
 * /health/ready; sends the unit's KillSignal and expects exit 0 within TimeoutStopSec. The
 * instances (two on PostgreSQL) run behind Debian's nginx with deploy/nginx/rubrica.conf.
 */

const ROOT = join(import.meta.dirname, '../..');
const UNIT = readFileSync(join(ROOT, 'deploy/systemd/rubrica@.service'), 'utf8');
const ENV_EXAMPLE = readFileSync(join(ROOT, 'deploy/rubrica.env.example'), 'utf8');

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The unit's `[Service]` settings, every value of a repeated key in order. */
function serviceSettings(unit: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of unit.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (section !== 'Service') continue;
    const at = line.indexOf('=');
    const key = line.slice(0, at).trim();
    settings.set(key, [...(settings.get(key) ?? []), line.slice(at + 1).trim()]);
  }
  return settings;
}

/** KEY=VALUE lines as systemd's EnvironmentFile reads them (comments and blank lines skipped). */
function environmentFile(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    values.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return values;
}

const seconds = (value: string) => {
  const match = /^(\d+)\s*(s|min)?$/.exec(value);
  if (!match) throw new Error(`TimeoutStopSec no reconocido: ${value}`);
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1);
};

/** A built installation like /opt/rubrica: package.json, node_modules, server/ and dist/server bundled as `npm run build:server` does. */
async function installation(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'rubrica-unit-opt-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  // Migrations, reference data and fonts are read from server/ at run time.
  symlinkSync(join(ROOT, 'server'), join(root, 'server'));
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'server/main.ts', 'render-process': 'server/documents/renderChild.ts' },
    outdir: join(root, 'dist', 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return root;
}

async function ready(url: string, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('el proceso terminó antes de estar listo');
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the systemd unit deploy/systemd/rubrica@.service', () => {
  const settings = serviceSettings(UNIT);
  const one = (key: string) => {
    const values = settings.get(key);
    expect(values, key).toHaveLength(1);
    return values![0]!;
  };

  it('runs `npm start`’s command, restarts on failure and may write only DATA_DIR', () => {
    const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
    const npmStart = start.split('&&').at(-1)!.trim().split(/\s+/);
    const execStart = one('ExecStart').split(/\s+/);
    // `MALLOC_ARENA_MAX=1 node <flags> dist/server/main.js` = Environment + `/usr/bin/node <flags> …`,
    // the young generation aside: 16 MiB on PostgreSQL, 1 embedded (docs/performance.md).
    const environment = settings.get('Environment') ?? [];
    const node = npmStart.indexOf('node');
    for (const assignment of npmStart.slice(0, node)) expect(environment).toContain(assignment);
    const youngGeneration = (flag: string) =>
      flag.replace(/^--max-semi-space-size=\d+$/, '--max-semi-space-size');
    expect(execStart.slice(1).map(youngGeneration)).toEqual(npmStart.slice(node + 1).map(youngGeneration));
    expect(execStart).toContain('--max-semi-space-size=16');
    expect(npmStart).toContain('--max-semi-space-size=1');
    expect(execStart[0]).toBe('/usr/bin/node');
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('ReadWritePaths').split(/\s+/)).toContain(environmentFile(ENV_EXAMPLE).get('DATA_DIR'));
    // Longer than a document's compile limit, which a graceful stop waits for.
    expect(seconds(one('TimeoutStopSec'))).toBeGreaterThan(120);
    for (const variable of [
      'DATABASE_URL',
      'SECRETS_KEY',
      'STORAGE_DRIVER',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'SMTP_URL',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'METRICS_TOKEN',
      'DATA_DIR',
    ])
      expect(environmentFile(ENV_EXAMPLE).has(variable), variable).toBe(true);
  });

  const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  it.skipIf(!analyze)('passes `systemd-analyze verify` (skipped where systemd-analyze is missing)', () => {
    const directory = mkdtempSync(join(tmpdir(), 'rubrica-unit-verify-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const file = join(directory, 'rubrica@3000.service');
    writeFileSync(file, UNIT);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    // Unknown keys and bad values are only warned about: any output is a failure.
    expect(result.stderr.trim()).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs N instances from its ExecStart and environment behind the shipped nginx; each exits 0 on SIGTERM', async () => {
    const root = await installation();
    const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-unit-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let database: Record<string, string> = { DATABASE_URL: '', SECRETS_KEY: '' };
    if (testDatabaseKind === 'postgresql') {
      const created = await createPostgresDatabase();
      cleanups.push(() => created.drop());
      database = postgresEnv(created.url);
    } else {
      // The migrated template in DATA_DIR, as `npm run build`'s image gives a first start.
      const seeded = await createPglite({
        dataDir: join(dataDir, 'pgdata'),
        loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]),
      });
      await seeded.close();
    }
    const testValues: Record<string, string> = {
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://firmas.rubrica.test',
      ...database,
      STORAGE_DRIVER: 'local',
      S3_BUCKET: '',
      SMTP_URL: '',
      ADMIN_EMAIL: 'admin@unidad.test',
      ADMIN_PASSWORD: 'Admin-Unidad-2026',
      METRICS_TOKEN: 'token-de-metricas-de-prueba',
      LOG_LEVEL: 'info',
    };
    const fileValues = environmentFile(ENV_EXAMPLE);
    for (const [key, value] of Object.entries(testValues)) {
      expect(fileValues.has(key), key).toBe(true);
      fileValues.set(key, value);
    }

    /** `systemctl start rubrica@<port>`, as systemd would run it. */
    const startInstance = (port: number) => {
      const instance = String(port);
      const unitValues = environmentFile(
        (settings.get('Environment') ?? []).map((line) => line.replaceAll('%i', instance)).join('\n'),
      );
      const [command, ...args] = one('ExecStart').replaceAll('%i', instance).split(/\s+/);
      expect(existsSync(command!)).toBe(true);
      const child = spawn(command!, args, {
        cwd: root,
        // systemd starts services with a clean environment: PATH, then the file, then Environment=.
        env: { PATH: process.env.PATH, ...Object.fromEntries(fileValues), ...Object.fromEntries(unitValues) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => killHard(child));
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr.on('data', (chunk) => {
        output += String(chunk);
      });
      const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      return { port, child, exit, output: () => output };
    };

    /** `systemctl stop`: the unit's KillSignal, and an exit 0 within TimeoutStopSec. */
    const stopInstance = async (instance: ReturnType<typeof startInstance>) => {
      instance.child.kill(one('KillSignal') as NodeJS.Signals);
      let timer: NodeJS.Timeout | undefined;
      const [code, signal] = await Promise.race([
        instance.exit,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error('no terminó dentro de TimeoutStopSec')),
            seconds(one('TimeoutStopSec')) * 1000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      expect({ code, signal }, instance.output().slice(-2000)).toEqual({ code: 0, signal: null });
      expect(instance.output()).toContain('Cerrando');
      expect(instance.output()).not.toContain(testValues.ADMIN_PASSWORD);
    };

    // On PostgreSQL, several processes share the database; PGlite belongs to one process.
    const count = testDatabaseKind === 'postgresql' ? 2 : 1;
    const instances: ReturnType<typeof startInstance>[] = [];
    for (let index = 0; index < count; index++) instances.push(startInstance(await freePort()));
    for (const instance of instances) {
      await ready(
        `http://127.0.0.1:${instance.port}/health/ready`,
        () => instance.child.exitCode !== null,
      ).catch((error) => {
        throw new Error(`${error.message}: ${instance.output().slice(-2000)}`);
      });
      const metrics = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
        headers: { authorization: `Bearer ${testValues.METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
    }

    if (!nginxMissing) {
      const nginx = await startNginx(instances.map((instance) => `127.0.0.1:${instance.port}`));
      cleanups.push(() => nginx.stop());
      const site = `http://127.0.0.1:${nginx.port}`;
      expect((await fetch(`${site}/health/ready`)).status).toBe(200);
      expect((await fetch(`${site}/metrics`)).status).toBe(404);
      await stopInstance(instances[0]!);
      // The others still serve through nginx while one is stopped (a rolling restart).
      if (instances.length > 1)
        for (let request = 0; request < 4; request++)
          expect((await fetch(`${site}/health/ready`)).status).toBe(200);
      for (const instance of instances.slice(1)) await stopInstance(instance);
    } else {
      for (const instance of instances) await stopInstance(instance);
    }
  }, 240_000);
});
