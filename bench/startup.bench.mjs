// Cold start: spawn → first 200 from /api/health, on an empty DATA_DIR (copies the prebuilt
// database image, seeds the administrator) and on an existing one; and the server's memory:
// RSS at rest after each kind of start, and the peak during the first start.

import { median, startServer, tmpDir } from './lib.mjs';

const RUNS = 3;
/** Goals of the embedded default on a small VPS (issue "Memory of the embedded default"). */
const GOAL_REST_MIB = 250;
const GOAL_PEAK_MIB = 450;

/**
 * @typedef {object} StartSample
 * @property {number} startMs
 * @property {number | null} restMiB   RSS once at rest
 * @property {number | null} peakMiB   VmHWM: the most the process ever held
 */

/**
 * Starts the server on `dataDir`, waits until it is at rest, reads its memory, stops it.
 * @param {string} dataDir
 * @returns {Promise<StartSample>}
 */
async function measuredStart(dataDir) {
  const server = await startServer({ dataDir });
  try {
    const restMiB = await server.restingRssMiB();
    return { startMs: server.startMs, restMiB, peakMiB: server.peakRssMiB() };
  } finally {
    await server.stop();
  }
}

const mib = (/** @type {number | null} */ n) => (n === null ? '?' : `${Math.round(n)} MiB`);

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function startup({ log }) {
  /** @type {StartSample[]} */
  const first = [];
  let dataDir = '';
  for (let run = 1; run <= RUNS; run++) {
    dataDir = tmpDir();
    const sample = await measuredStart(dataDir);
    first.push(sample);
    log(
      `empty DATA_DIR run ${run}: ${sample.startMs.toFixed(0)} ms, at rest ${mib(sample.restMiB)}, peak ${mib(sample.peakMiB)}`,
    );
  }

  // The last run's directory is now an existing installation.
  /** @type {StartSample[]} */
  const again = [];
  for (let run = 1; run <= RUNS; run++) {
    const sample = await measuredStart(dataDir);
    again.push(sample);
    log(
      `existing DATA_DIR run ${run}: ${sample.startMs.toFixed(0)} ms, at rest ${mib(sample.restMiB)}, peak ${mib(sample.peakMiB)}`,
    );
  }

  const round = (/** @type {number} */ n) => Math.round(n);
  /** @type {import('../scripts/bench.mjs').BenchRow[]} */
  const rows = [
    {
      name: 'startup.cold_empty_data_dir',
      label: `Cold start to first healthy reply, empty DATA_DIR (median of ${RUNS})`,
      value: round(median(first.map((s) => s.startMs))),
      unit: 'ms',
      better: 'lower',
      samples: first.map((s) => round(s.startMs)),
    },
    {
      name: 'startup.cold_existing_data_dir',
      label: `Cold start to first healthy reply, existing DATA_DIR (median of ${RUNS})`,
      value: round(median(again.map((s) => s.startMs))),
      unit: 'ms',
      better: 'lower',
      samples: again.map((s) => round(s.startMs)),
    },
  ];
  /**
   * @param {string} name
   * @param {string} label
   * @param {(number | null)[]} values
   * @param {number} goal
   */
  const memoryRow = (name, label, values, goal) => {
    const known = values.filter((v) => v !== null);
    if (known.length === 0) return;
    const value = round(median(known));
    rows.push({
      name,
      label: `${label} (median of ${known.length})`,
      value,
      unit: 'MiB',
      better: 'lower',
      samples: known.map(round),
      note: `goal ≤ ${goal} MiB: ${value <= goal ? 'met' : 'NOT met'}`,
    });
  };
  memoryRow(
    'startup.rss_at_rest_first_start',
    'RSS at rest after a first start (empty DATA_DIR)',
    first.map((s) => s.restMiB),
    GOAL_REST_MIB,
  );
  memoryRow(
    'startup.rss_at_rest_restart',
    'RSS at rest after a restart (existing DATA_DIR)',
    again.map((s) => s.restMiB),
    GOAL_REST_MIB,
  );
  memoryRow(
    'startup.peak_rss_first_start',
    'Peak RSS during a first start (VmHWM)',
    first.map((s) => s.peakMiB),
    GOAL_PEAK_MIB,
  );
  return rows;
}
