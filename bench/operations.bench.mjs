// Operations at scale: the dashboard, the reports, the statistics and the e-mail tracker over
// 100,000 signature requests (BENCH_OPS_REQUESTS), 300,000 signers and 1,000,000 tracked
// e-mails (bench/seed-operations.ts), on PostgreSQL 15 (a throwaway cluster, scripts/pg.mjs) and
// on PGlite. Every endpoint of contract/endpoints/{dashboard,reports,statistics}.ts and the
// tracker's list (bench/operations-shapes.mjs), at 4 connections for BENCH_OPS_SECONDS each;
// then the contract history export of every request on a freshly started server
// (bench/operations-export.mjs).
// Goals: p95 ≤ 50 ms at c=4 on PostgreSQL, ≤ 100 ms on PGlite; the export ≥ 20,000 rows/s with
// a peak RSS ≤ 300 MiB. A shape that never answers 200 fails the module: its first request, or
// a timed run in which every reply had another status. A run in which no reply came in time is a
// figure (no value, with a note), not a failure.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startPostgres } from '../scripts/pg.mjs';
import { ADMIN, backendsChosenBy, measure, ROOT, signIn, startServer, tmpDir } from './lib.mjs';
import { measureExport } from './operations-export.mjs';
import { COMPANY_ADMIN, operationShapes, probe } from './operations-shapes.mjs';

const REQUESTS = Number(process.env.BENCH_OPS_REQUESTS ?? 100_000);
const DURATION_SECONDS = Number(process.env.BENCH_OPS_SECONDS ?? 5);
const CONNECTIONS = 4;
const WARMUP_SECONDS = 1;
const GOAL_P95_MS = { postgresql: 50, pglite: 100 };

/** @param {string} dataDir @param {string} databaseUrl */
function seed(dataDir, databaseUrl) {
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      path.join(ROOT, 'bench', 'seed-operations.ts'),
      dataDir,
      databaseUrl,
      String(REQUESTS),
      ADMIN.email,
      ADMIN.password,
      COMPANY_ADMIN.email,
      COMPANY_ADMIN.password,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 3_600_000 },
  );
  if (result.status !== 0)
    throw new Error(`seeding failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
  return result.stdout.trim();
}

/** What a probe's reply holds, for the log: a page's total, or its keys. */
function summary(/** @type {any} */ data) {
  if (data && typeof data === 'object' && 'total' in data) return `total ${data.total}`;
  return data && typeof data === 'object' ? `${Object.keys(data).length} fields` : String(data);
}

/**
 * @param {'postgresql' | 'pglite'} backend
 * @param {(line: string) => void} log
 * @param {string[]} failures  shapes whose every reply in their run had a status other than 200
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
async function runBackend(backend, log, failures) {
  const dataDir = tmpDir();
  const pg = backend === 'postgresql' ? await startPostgres({ log }) : null;
  /** @type {Record<string, string>} */
  const env = { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', ...(pg ? { DATABASE_URL: pg.url } : {}) };
  try {
    log(`${backend}: seeding ${REQUESTS} requests`);
    const seedStarted = performance.now();
    const seeded = seed(dataDir, pg?.url ?? '-');
    log(`${backend}: ${seeded} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const goal = GOAL_P95_MS[backend];
    /** @type {import('../scripts/bench.mjs').BenchRow[]} */
    const rows = [];
    const server = await startServer({ dataDir, env, timeoutMs: 180_000 });
    try {
      const sessions = {
        platform: await signIn(server.url, ADMIN),
        company: await signIn(server.url, COMPANY_ADMIN),
      };
      const shapes = operationShapes({
        requests: REQUESTS,
        platformUserId: sessions.platform.id,
        companyUserId: sessions.company.id,
      });
      // Each shape must answer a real reply before it is timed; then all are warmed up (caches,
      // plans) so that their order does not decide their figures.
      for (const shape of shapes) {
        const data = await probe(server.url, sessions[shape.as].headers, shape);
        log(`${backend}: ${shape.key} answers (${summary(data)})`);
      }
      for (const shape of shapes) {
        await measure(server.url, sessions[shape.as].headers, shape, CONNECTIONS, WARMUP_SECONDS);
      }
      for (const shape of shapes) {
        const figure = await measure(
          server.url,
          sessions[shape.as].headers,
          shape,
          CONNECTIONS,
          DURATION_SECONDS,
        );
        const problems = [
          ...(figure.otherStatus > 0 ? [`${figure.otherStatus} replies other than 200`] : []),
          ...(figure.unanswered > 0 ? [`${figure.unanswered} errors or timeouts`] : []),
          ...(figure.answered === 0 ? [`no 200 within ${DURATION_SECONDS} s`] : []),
        ];
        log(
          `${backend}: ${shape.key}: p95 ${figure.p95} ms, ${figure.throughput} req/s${problems.map((problem) => `, ${problem}`).join('')}`,
        );
        if (figure.answered === 0 && figure.otherStatus > 0) failures.push(`${backend} ${shape.key}`);
        const notes = [`goal ≤ ${goal} ms`, ...problems];
        rows.push(
          {
            name: `operations.${backend}_${shape.key}_p95`,
            label: `${backend}: ${shape.label}, c=${CONNECTIONS}, p95`,
            value: figure.p95,
            unit: 'ms',
            better: 'lower',
            note: notes.join('; '),
          },
          {
            name: `operations.${backend}_${shape.key}_throughput`,
            label: `${backend}: ${shape.label}, c=${CONNECTIONS}, throughput`,
            value: figure.throughput,
            unit: 'req/s',
            better: 'higher',
          },
        );
      }
    } finally {
      await server.stop();
    }
    rows.push(...(await measureExport({ backend, dataDir, env, expectedRows: REQUESTS, log })));
    return rows;
  } finally {
    await pg?.stop();
  }
}

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function operations({ log }) {
  const backends = backendsChosenBy('BENCH_OPS_BACKEND');
  /** @type {string[]} */
  const failures = [];
  const rows = [];
  for (const backend of backends) rows.push(...(await runBackend(backend, log, failures)));
  if (failures.length > 0) {
    // The figures are in the log above; a shape that only answers errors is broken, not slow.
    throw new Error(`only replies other than 200 within the run: ${failures.join(', ')}`);
  }
  return rows;
}
