/**
 * Measures rendering in this (fresh) process and prints one JSON line: module load, compiler
 * creation and the first render of the reference template, then `RUNS` warm renders, and the
 * peak RSS; then the same `RUNS` warm renders the way the server makes them, through
 * `RenderProcess` (prepared here, compiled in its child process, the PDF sent back), and the
 * child's peak RSS. Started by bench/render.bench.mjs as
 * `node --import tsx server/documents/render-bench-worker.ts RUNS`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const runs = Math.max(1, Number.parseInt(process.argv[2] ?? '40', 10) || 40);

const peakRssMiB = (pid: number | 'self' = 'self') => {
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
};

const started = performance.now();
const { DocumentRenderer } = await import('./renderer.js');
const { referenceTemplate } = await import('./fixtures/reference-template.js');
const loaded = performance.now();
const firstCpuBefore = process.cpuUsage();
const renderer = DocumentRenderer.create();
const created = performance.now();
const first = await renderer.render(referenceTemplate());
const firstDone = performance.now();
const firstCpu = process.cpuUsage(firstCpuBefore);
if (first.pageCount !== 10 || first.fieldBoxes.length !== 5)
  throw new Error('unexpected reference rendering');

// Each warm render merges different values (as real requests do), so no layout is reused whole.
const variant = (run: number) => {
  const template = referenceTemplate();
  const values = Object.fromEntries(
    Object.entries(template.values ?? {}).map(([name, value]) => [name, `${value} ${run}`]),
  );
  return { ...template, values };
};
const warm: number[] = [];
const warmCpu: number[] = [];
for (let run = 0; run < runs; run++) {
  const begin = performance.now();
  const cpuBefore = process.cpuUsage();
  const rendered = await renderer.render(variant(run));
  warm.push(performance.now() - begin);
  // CPU time of all threads: a steadier figure than wall time on a shared, busy machine.
  const cpu = process.cpuUsage(cpuBefore);
  warmCpu.push((cpu.user + cpu.system) / 1000);
  if (rendered.pageCount !== first.pageCount) throw new Error('unexpected page count');
}

// Read before the child's part: the figure is this process's own compiler.
const ownPeakRssMiB = peakRssMiB();

// The server's way: the child starts (from the TypeScript sources here, through tsx) and warms up
// on the first render, which is not counted; the PDF of each counted render crosses back by IPC.
const { RenderProcess } = await import('./renderProcess.js');
const child = new RenderProcess();
await child.render(referenceTemplate());
/** CPU time of every thread of the child so far, in ms (`schedstat`: nanoseconds on a CPU). */
const childCpuMs = () => {
  const tasks = `/proc/${child.pid}/task`;
  return readdirSync(tasks)
    .map((task) => Number(readFileSync(`${tasks}/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6)
    .reduce((sum, ms) => sum + ms, 0);
};
const processWarm: number[] = [];
const processCpu: number[] = [];
for (let run = 0; run < runs; run++) {
  const begin = performance.now();
  const cpuBefore = process.cpuUsage();
  const childBefore = childCpuMs();
  const rendered = await child.render(variant(runs + run));
  processWarm.push(performance.now() - begin);
  // Both sides: preparing and receiving here, compiling there.
  const cpu = process.cpuUsage(cpuBefore);
  processCpu.push((cpu.user + cpu.system) / 1000 + childCpuMs() - childBefore);
  if (rendered.pageCount !== first.pageCount) throw new Error('unexpected page count');
}
const childPeakRssMiB = peakRssMiB(child.pid!);
await child.close();

process.stdout.write(
  `${JSON.stringify({
    loadMs: loaded - started,
    createMs: created - loaded,
    firstRenderMs: firstDone - created,
    firstTotalMs: firstDone - started,
    firstCpuMs: (firstCpu.user + firstCpu.system) / 1000,
    warmMs: warm,
    warmCpuMs: warmCpu,
    pdfBytes: first.pdf.length,
    peakRssMiB: ownPeakRssMiB,
    processWarmMs: processWarm,
    processCpuMs: processCpu,
    childPeakRssMiB,
  })}\n`,
);
