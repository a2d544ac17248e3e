// Document rendering: the 10-page reference template (tables, nested lists, alignments, page
// breaks, header and footer with page numbers, 50 merged values, 5 signature boxes for 2 signers)
// rendered HTML → Typst → PDF with field boxes, in fresh Node processes: the first render of each
// process, then warm renders on the reused compiler, each merging different values so no layout is
// reused whole (goals: p95 ≤ 100 ms, first render ≤ 200 ms); then the same warm renders the way the
// server makes them, through RenderProcess: prepared in the process, compiled in its child process,
// the PDF sent back over IPC (goal p95 ≤ 100 ms too).

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { median, percentile } from './lib.mjs';

/** Renders in its own processes from the TypeScript sources: no server, no build. */
export const needsBuild = false;

const PROCESSES = 3;
const WARM_RUNS = 40;

/** @param {string} root */
function measureInFreshProcess(root) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('server', 'documents', 'render-bench-worker.ts'), String(WARM_RUNS)],
    { cwd: root, encoding: 'utf8', timeout: 180_000 },
  );
  if (result.status !== 0) throw new Error(`render worker failed: ${result.stderr || result.error}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
}

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function render({ log, root }) {
  /** @type {{ loadMs: number, createMs: number, firstRenderMs: number, firstTotalMs: number, firstCpuMs: number, warmMs: number[], warmCpuMs: number[], pdfBytes: number, peakRssMiB: number, processWarmMs: number[], processCpuMs: number[], childPeakRssMiB: number }[]} */
  const processes = [];
  for (let index = 1; index <= PROCESSES; index++) {
    const measured = measureInFreshProcess(root);
    processes.push(measured);
    log(
      `process ${index}: load ${measured.loadMs.toFixed(0)} ms, compiler ${measured.createMs.toFixed(0)} ms, ` +
        `first render ${measured.firstRenderMs.toFixed(0)} ms, warm p50 ${median(measured.warmMs).toFixed(1)} ms, ` +
        `through the child process p50 ${median(measured.processWarmMs).toFixed(1)} ms`,
    );
  }
  const warm = processes.flatMap((measured) => measured.warmMs);
  const warmCpu = processes.flatMap((measured) => measured.warmCpuMs);
  const processWarm = processes.flatMap((measured) => measured.processWarmMs);
  const processCpu = processes.flatMap((measured) => measured.processCpuMs);
  const first = processes.map((measured) => measured.createMs + measured.firstRenderMs);
  const firstTotal = processes.map((measured) => measured.firstTotalMs);
  const firstCpu = processes.map((measured) => measured.firstCpuMs);
  const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;
  return [
    {
      name: 'render.reference_p50',
      label: `10-page template, 50 merged fields → PDF + field boxes, warm (median of ${warm.length})`,
      value: round(median(warm)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.reference_p95',
      label: `Same, 95th percentile of ${warm.length} warm renders (goal ≤ 100)`,
      value: round(percentile(warm, 95)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.reference_cpu_p50',
      label:
        'CPU time (all threads) of those warm renders, median: the figure least skewed by a busy machine',
      value: round(median(warmCpu)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.reference_cpu_p95',
      label: 'CPU time (all threads) of those warm renders, 95th percentile',
      value: round(percentile(warmCpu, 95)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.first_render',
      label: `First render in a fresh process: compiler creation + render (median of ${PROCESSES}; goal ≤ 200)`,
      value: round(median(first)),
      unit: 'ms',
      better: 'lower',
      samples: first.map(round),
    },
    {
      name: 'render.first_render_cpu',
      label: `CPU time (all threads) of that first render, compiler creation included (median of ${PROCESSES})`,
      value: round(median(firstCpu)),
      unit: 'ms',
      better: 'lower',
      samples: firstCpu.map(round),
    },
    {
      name: 'render.first_render_with_load',
      label: `Same plus loading the renderer modules and the native compiler (median of ${PROCESSES})`,
      value: round(median(firstTotal)),
      unit: 'ms',
      better: 'lower',
      samples: firstTotal.map(round),
    },
    {
      name: 'render.peak_rss',
      label: `Peak RSS of a rendering process after ${WARM_RUNS + 1} renders (highest of ${PROCESSES})`,
      value: round(Math.max(...processes.map((measured) => measured.peakRssMiB))),
      unit: 'MiB',
      better: 'lower',
      note: `PDF ${Math.round((processes[0]?.pdfBytes ?? 0) / 1024)} KiB`,
    },
    {
      name: 'render.process_p50',
      label: `Same template through RenderProcess as the server renders (prepared here, compiled in the child process, PDF back over IPC), warm (median of ${processWarm.length})`,
      value: round(median(processWarm)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.process_p95',
      label: `Same, 95th percentile of ${processWarm.length} warm renders through the child process (goal ≤ 100)`,
      value: round(percentile(processWarm, 95)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.process_cpu_p50',
      label:
        'CPU time of those renders through the child process, both processes (this one’s prepare and IPC, every thread of the child), median',
      value: round(median(processCpu)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.process_cpu_p95',
      label: 'Same, 95th percentile',
      value: round(percentile(processCpu, 95)),
      unit: 'ms',
      better: 'lower',
    },
    {
      name: 'render.process_child_peak_rss',
      label: `Peak RSS of the render child process after ${WARM_RUNS + 1} renders (highest of ${PROCESSES}; started from the TypeScript sources through tsx)`,
      value: round(Math.max(...processes.map((measured) => measured.childPeakRssMiB))),
      unit: 'MiB',
      better: 'lower',
    },
  ];
}
