// Cold start: spawn → first 200 from /api/health, on an empty DATA_DIR (creates the PGlite
// database, runs every migration, seeds the administrator) and on an existing one.

import { median, startServer, tmpDir } from './lib.mjs';

const RUNS = 3;

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function startup({ log }) {
  /** @type {number[]} */
  const empty = [];
  /** @type {(number | null)[]} */
  const rss = [];
  let dataDir = '';
  for (let run = 1; run <= RUNS; run++) {
    dataDir = tmpDir();
    const server = await startServer({ dataDir });
    empty.push(server.startMs);
    rss.push(server.peakRssMiB());
    await server.stop();
    log(`empty DATA_DIR run ${run}: ${server.startMs.toFixed(0)} ms`);
  }

  // The last run's directory is now an existing installation.
  /** @type {number[]} */
  const existing = [];
  for (let run = 1; run <= RUNS; run++) {
    const server = await startServer({ dataDir });
    existing.push(server.startMs);
    await server.stop();
    log(`existing DATA_DIR run ${run}: ${server.startMs.toFixed(0)} ms`);
  }

  const round = (/** @type {number} */ n) => Math.round(n);
  /** @type {import('../scripts/bench.mjs').BenchRow[]} */
  const rows = [
    {
      name: 'startup.cold_empty_data_dir',
      label: `Cold start to first healthy reply, empty DATA_DIR (median of ${RUNS})`,
      value: round(median(empty)),
      unit: 'ms',
      better: 'lower',
      samples: empty.map(round),
    },
    {
      name: 'startup.cold_existing_data_dir',
      label: `Cold start to first healthy reply, existing DATA_DIR (median of ${RUNS})`,
      value: round(median(existing)),
      unit: 'ms',
      better: 'lower',
      samples: existing.map(round),
    },
  ];
  const peaks = rss.filter((v) => v !== null);
  if (peaks.length > 0) {
    rows.push({
      name: 'startup.peak_rss_after_start',
      label: 'Peak RSS of the server right after a first start (median)',
      value: round(median(peaks)),
      unit: 'MiB',
      better: 'lower',
    });
  }
  return rows;
}
