// The contract history export of bench/operations.bench.mjs: export_contract_history_report_companies
// (every request, unfiltered, streamed as .xlsx) as the platform administrator, on a server started
// for it alone. Its peak RSS is the server's VmHWM after the export, the high-water mark having
// been reset just before it (Linux: /proc/<pid>/clear_refs), so it is the export's peak, not the
// start-up's. Goals: ≥ 20,000 rows/s to the last byte, peak RSS ≤ 300 MiB.

import { writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ADMIN, rssMiB, signIn, startServer } from './lib.mjs';

export const EXPORT_GOALS = { rowsPerSecond: 20_000, peakRssMiB: 300 };
const SAMPLE_MS = 5;

const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * Resets a process's peak RSS (VmHWM) to its RSS now; false where Linux does not allow it.
 * @param {number | undefined} pid
 */
function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Data rows of the first sheet of an .xlsx (its header row left out), read as a stream.
 * @param {Buffer} body
 */
async function dataRows(body) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([body]), {
    worksheets: 'emit',
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
    break;
  }
  return Math.max(0, rows - 1);
}

/**
 * @param {{
 *   backend: 'postgresql' | 'pglite',
 *   dataDir: string,
 *   env: Record<string, string>,
 *   expectedRows: number,
 *   log: (line: string) => void,
 * }} options
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export async function measureExport({ backend, dataDir, env, expectedRows, log }) {
  const server = await startServer({ dataDir, env, timeoutMs: 180_000 });
  try {
    const { headers } = await signIn(server.url, ADMIN);
    const startPeak = server.peakRssMiB() ?? Number.NaN;
    const reset = resetPeakRss(server.pid);
    const before = rssMiB(server.pid) ?? Number.NaN;
    let sampled = before;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, rssMiB(server.pid) ?? 0);
    }, SAMPLE_MS);
    const started = performance.now();
    /** @type {Buffer} */
    let body;
    try {
      const response = await fetch(`${server.url}/api/export_contract_history_report_companies`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (response.status !== 200) {
        throw new Error(`export answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      }
      body = Buffer.from(await response.arrayBuffer());
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = server.peakRssMiB() ?? Number.NaN;
    const rows = await dataRows(body);
    if (rows !== expectedRows) throw new Error(`the export has ${rows} rows, expected ${expectedRows}`);
    const rate = Math.round(rows / seconds);
    log(
      `${backend}: export of ${rows} rows in ${seconds.toFixed(2)} s (${rate} rows/s, ${(body.length / 2 ** 20).toFixed(1)} MiB); ` +
        `RSS ${round(before)} MiB before, sampled peak ${round(sampled)} MiB, VmHWM ${round(peak)} MiB (${round(startPeak)} after start and sign-in${reset ? ', then reset' : ', not reset'})`,
    );
    const where =
      backend === 'postgresql' ? ' (the Node.js process; PostgreSQL is a process of its own)' : '';
    return [
      {
        name: `operations.${backend}_export_rows_per_s`,
        label: `${backend}: export_contract_history_report_companies, ${rows.toLocaleString('en')} rows to .xlsx, rows / seconds to the last byte`,
        value: rate,
        unit: 'rows/s',
        better: 'higher',
        note: `goal ≥ ${EXPORT_GOALS.rowsPerSecond.toLocaleString('en')} rows/s; ${seconds.toFixed(2)} s`,
      },
      {
        name: `operations.${backend}_export_peak_rss_mib`,
        label: `${backend}: server peak RSS (VmHWM) during that export, on a freshly started server${where}`,
        value: round(peak),
        unit: 'MiB',
        better: 'lower',
        note:
          `goal ≤ ${EXPORT_GOALS.peakRssMiB} MiB; RSS ${round(before)} MiB when it began, highest sampled every ${SAMPLE_MS} ms ${round(sampled)} MiB; ` +
          (reset
            ? `start-up and sign-in peaked at ${round(startPeak)} MiB before the mark was reset`
            : `the mark could not be reset: it includes the start-up (${round(startPeak)} MiB before the export)`),
      },
    ];
  } finally {
    await server.stop();
  }
}
