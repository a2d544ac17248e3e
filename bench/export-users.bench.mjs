// Exporting 10,000 users to .xlsx (POST /api/export_users as the administrator): time to the last
// byte and the server's memory while it streams. The export reads the users a thousand at a time
// and writes the workbook as it goes, so memory must stay flat (goals: ≤ 5 s, ≤ 200 MB growth).
// The DATA_DIR is seeded in SQL by bench/seed-users.ts before the server starts.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ADMIN, median, ROOT, startServer, tmpDir } from './lib.mjs';

const USERS = 10_000;
const RUNS = 3;
const SAMPLE_MS = 5;

/** Current resident set of a Linux process in MiB (VmRSS), or null. */
function rssMiB(/** @type {number | undefined} */ pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * One export: milliseconds to the last byte, the body, and the highest RSS sampled meanwhile.
 * @param {string} url
 * @param {string} token
 * @param {number | undefined} pid
 */
async function timedExport(url, token, pid) {
  let peak = rssMiB(pid) ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid) ?? 0);
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/export_users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    if (response.status !== 200) {
      throw new Error(
        `export_users answered ${response.status} (is dist/ stale? npm run build:server): ${await response.text()}`,
      );
    }
    const body = Buffer.from(await response.arrayBuffer());
    return { ms: performance.now() - started, body, peak: Math.max(peak, rssMiB(pid) ?? 0) };
  } finally {
    clearInterval(sampler);
  }
}

const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function exportUsers({ log }) {
  const dataDir = tmpDir();
  log(`seeding ${USERS} users`);
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench', 'seed-users.ts'),
      dataDir,
      String(USERS),
      ADMIN.email,
      ADMIN.password,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);

  const server = await startServer({ dataDir });
  try {
    const signin = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
    const { token } = (await signin.json()).data;

    const baseline = rssMiB(server.pid) ?? Number.NaN;
    const startPeak = server.peakRssMiB() ?? Number.NaN;
    log(`RSS before exporting: ${round(baseline)} MiB (peak so far ${round(startPeak)} MiB)`);
    /** @type {number[]} */
    const times = [];
    let peak = baseline;
    for (let run = 0; run < RUNS; run++) {
      const result = await timedExport(server.url, token, server.pid);
      times.push(round(result.ms));
      peak = Math.max(peak, result.peak);
      log(
        `run ${run + 1}: ${round(result.ms)} ms, ${(result.body.length / 1024).toFixed(0)} KiB, RSS peak ${round(result.peak)} MiB`,
      );
      if (run === 0) {
        // Proves the file is whole: every user (the seeded ones and the administrator) plus the header.
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(result.body);
        const rows = workbook.worksheets[0]?.rowCount ?? 0;
        if (rows !== USERS + 2) throw new Error(`the export has ${rows} rows, expected ${USERS + 2}`);
      }
    }
    const hwm = server.peakRssMiB() ?? Number.NaN;
    const note = `baseline RSS ${round(baseline)} MiB after start and sign-in (start-up peak ${round(startPeak)} MiB); VmHWM after the runs ${round(hwm)} MiB`;
    return [
      {
        name: 'export_users.time_10k',
        label: `POST export_users, ${USERS.toLocaleString('en')} users to .xlsx, to the last byte (median of ${RUNS}; goal ≤ 5000)`,
        value: median(times),
        unit: 'ms',
        better: 'lower',
        samples: times,
      },
      {
        name: 'export_users.rss_baseline',
        label: 'Server RSS before exporting (after start, migrations and one sign-in)',
        value: round(baseline),
        unit: 'MiB',
        better: 'lower',
      },
      {
        name: 'export_users.peak_rss',
        label: `Server peak RSS while exporting (sampled every ${SAMPLE_MS} ms)`,
        value: round(peak),
        unit: 'MiB',
        better: 'lower',
        note,
      },
      {
        name: 'export_users.rss_growth',
        label: 'Peak RSS while exporting minus the baseline (goal ≤ 200)',
        value: round(peak - baseline),
        unit: 'MiB',
        better: 'lower',
      },
    ];
  } finally {
    await server.stop();
  }
}
