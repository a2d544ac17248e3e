// A bulk send from a spreadsheet: a sheet of 10,000 rows (BULK_BENCH_ROWS to change it) checked
// row by row on upload, sent, and every row turned into a request with its invitation queued by
// the job queue (JOB_WORKERS workers, 2 by default). Runs bench/bulk-run.ts in a fresh process on
// a fresh PGlite DATA_DIR and reports its times and peak RSS, its render child process's counted
// in (goals: ≤ 30 s, ≤ 400 MiB). The run
// is bundled first, as `npm run build` bundles the server, and started with the Node.js flags of
// `npm start`: the figures are those of the server as shipped, not of a TypeScript loader.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, startEnv, startNodeFlags, tmpDir } from './lib.mjs';

const ROWS = Number(process.env.BULK_BENCH_ROWS ?? 10_000);
const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function bulk({ log }) {
  const dataDir = tmpDir();
  // Inside the project, so that its packages and root (fonts, migrations, image) resolve.
  const bundle = path.join(ROOT, 'dist', 'bench', 'bulk-run.mjs');
  // The run compiles documents in a child process, which a bundle starts from dist/server (as `npm run build` writes it).
  const entries = [
    ['bench/bulk-run.ts', bundle],
    ['server/documents/renderChild.ts', path.join(ROOT, 'dist', 'server', 'render-process.js')],
  ];
  for (const [entry, outfile] of entries) {
    await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
  }
  log(`sending a sheet of ${ROWS} rows`);
  const run = spawnSync(process.execPath, [...startNodeFlags(), bundle, dataDir, String(ROWS)], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60 * 60_000,
    env: { ...process.env, ...startEnv(), JOB_WORKERS: process.env.JOB_WORKERS ?? '2' },
  });
  if (run.status !== 0) throw new Error(`the bulk run failed: ${run.stderr || run.stdout}`);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
  if (result.requests !== ROWS || result.invitations !== ROWS)
    throw new Error(`expected ${ROWS} requests and invitations, got ${run.stdout}`);
  log(
    `import ${round(result.importMs)} ms, all requests ${round(result.totalMs)} ms, peak RSS ${round(result.peakRss)} MiB ` +
      `+ render child ${round(result.childPeakRss)} MiB (both at once, sampled: ${round(result.sampledPeakRss)} MiB)`,
  );
  const note = `${ROWS} rows; RSS after start-up ${round(result.rssBefore)} MiB`;
  return [
    {
      name: 'bulk.validate',
      label: `import_documents_packages_fields: ${ROWS.toLocaleString('en')}-row sheet checked (upload checks, read, every row validated, rows stored)`,
      value: round(result.importMs),
      unit: 'ms',
      better: 'lower',
      note,
    },
    {
      name: 'bulk.requests_total',
      label: `From upload to every row a request with its invitation queued (goal ≤ 30000 at 10,000 rows)`,
      value: round(result.totalMs),
      unit: 'ms',
      better: 'lower',
      note,
    },
    {
      name: 'bulk.per_row',
      label: 'Mean time per row of the send (render, store, units, rows, events, invitation queued)',
      value: round((result.totalMs - result.queuedMs) / ROWS),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'bulk.cpu_per_row',
      label:
        'CPU time per row of the whole run, the server process and its render child processes together (less skewed by a busy machine than the wall time)',
      value: Math.round(((result.cpuMs + result.childCpuMs) / ROWS) * 100) / 100,
      unit: 'ms',
      better: 'lower',
      note: `server ${round(result.cpuMs / 1000)} s, render children ${round(result.childCpuMs / 1000)} s`,
    },
    {
      name: 'bulk.peak_rss',
      label:
        'Peak RSS of the server process plus its render child process (the sum of each one’s VmHWM: an upper bound), start-up included (goal ≤ 400)',
      value: round(result.peakRss + result.childPeakRss),
      unit: 'MiB',
      better: 'lower',
      note,
    },
    {
      name: 'bulk.peak_rss_server',
      label: 'Peak RSS of the server process alone (VmHWM), start-up included',
      value: round(result.peakRss),
      unit: 'MiB',
      better: 'lower',
      note,
    },
    {
      name: 'bulk.peak_rss_render_child',
      label: 'Peak RSS of the render child process (VmHWM)',
      value: round(result.childPeakRss),
      unit: 'MiB',
      better: 'lower',
      note,
    },
    {
      name: 'bulk.peak_rss_sampled',
      label: 'Highest RSS of the server and its render child at the same moment, sampled every 100 ms',
      value: round(result.sampledPeakRss),
      unit: 'MiB',
      better: 'lower',
      note,
    },
  ];
}
