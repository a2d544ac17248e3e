/**
 * One bulk send measured in this process (run by bench/bulk.bench.mjs): Rúbrica bootstrapped on a
 * fresh DATA_DIR (PGlite) or DATABASE_URL, a sheet of ROWS rows imported (checked row by row) and
 * sent, and the queue worked with JOB_WORKERS workers until every row is a request with its
 * invitation queued. Prints one JSON line with the times, the process's peak RSS and its render
 * child process's (documents compile there): each one's `VmHWM`, and the highest sum of both
 * sampled every 100 ms (the two peaks need not coincide: their sum is an upper bound).
 * Usage: tsx bench/bulk-run.ts <dataDir> <rows> (BULK_RUN_IMPORT_ONLY=1: stop once the rows are queued)
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../server/bootstrap.js';
import { loadConfig } from '../server/config.js';
import { queryRows } from '../server/db/client.js';
import { createLogger } from '../server/logger.js';
import { sharedRenderer } from '../server/modules/templates/templateRender.service.js';
import {
  importAndSendBulkSheet,
  sampleBulkSheet,
  seedBulkSender,
} from '../server/requests/bulk/factories.js';

const [dataDir = '', rowsText = '10000'] = process.argv.slice(2);
const rows = Number(rowsText);
const statusMiB = (pid: number | 'self', field: 'VmHWM' | 'VmRSS') => {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) / 1024;
  } catch {
    // The child is not running (yet, or any more).
    return 0;
  }
};
const peakRssMiB = () => statusMiB('self', 'VmHWM');
/** The render child's VmHWM, read at every sample and at the end: the child lives as long as the run. */
let childPeak = 0;
const readChildPeak = () => {
  const pid = sharedRenderer().pid;
  if (pid) childPeak = Math.max(childPeak, statusMiB(pid, 'VmHWM'));
};
let sampledPeak = 0;
const sampler = setInterval(() => {
  const pid = sharedRenderer().pid;
  sampledPeak = Math.max(sampledPeak, statusMiB('self', 'VmRSS') + (pid ? statusMiB(pid, 'VmRSS') : 0));
  readChildPeak();
}, 100);
sampler.unref();

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'admin@rubrica.test',
  ADMIN_PASSWORD: 'Bench-Admin-Passw0rd!',
  JOB_POLL_MS: '20',
});
const { deps } = await bootstrap({ config, logger: createLogger('silent') });
const { db } = deps.database;
const sender = await seedBulkSender(deps, { units: rows * 2 });
// The sender's filled sheet exists before the upload: its making is not timed.
let sheet: Buffer | undefined = await sampleBulkSheet(rows, 'bench.test');
const rssBefore = peakRssMiB();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { batchId, importMs } = await importAndSendBulkSheet(deps, sender, sheet);
sheet = undefined;
const queuedMs = performance.now() - started;
if (process.env.BULK_RUN_IMPORT_ONLY === '1') {
  // Only the sheet's checks and the queueing: the rows stay queued.
  process.stdout.write(`${JSON.stringify({ rows, importMs, queuedMs, rssBefore, peakRss: peakRssMiB() })}\n`);
  await deps.database.close();
  process.exit(0);
}
deps.queue.start(config.JOB_WORKERS);
for (;;) {
  const [state] = await queryRows<{ status: string }>(
    db,
    sql`SELECT status FROM signature_request_batches WHERE id = ${batchId}`,
  );
  if (state?.status === 'done') break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const totalMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
await deps.queue.stop();
clearInterval(sampler);
readChildPeak();
// The render children's CPU time: every child is reaped once closed (cutime + cstime in clock ticks).
await sharedRenderer().close();
const stat = readFileSync('/proc/self/stat', 'utf8');
const [cutime = 0, cstime = 0] = stat
  .slice(stat.lastIndexOf(')') + 2)
  .split(' ')
  .slice(13, 15)
  .map(Number);
const [counts] = await queryRows<{ sent: number; failed: number; requests: number; invitations: number }>(
  db,
  sql`SELECT
        (SELECT count(*)::int FROM signature_request_batch_rows WHERE batch_id = ${batchId} AND status = 'sent') AS sent,
        (SELECT count(*)::int FROM signature_request_batch_rows WHERE batch_id = ${batchId} AND status = 'failed') AS failed,
        (SELECT count(*)::int FROM signature_requests WHERE batch_id = ${batchId}) AS requests,
        (SELECT count(*)::int FROM signature_request_emails e JOIN signature_requests q ON q.id = e.request_id
          WHERE q.batch_id = ${batchId} AND e.kind = 'invitation') AS invitations`,
);
process.stdout.write(
  `${JSON.stringify({
    rows,
    importMs,
    queuedMs,
    totalMs,
    rssBefore,
    peakRss: peakRssMiB(),
    childPeakRss: childPeak,
    sampledPeakRss: sampledPeak,
    cpuMs: (cpu.user + cpu.system) / 1000,
    childCpuMs: (cutime + cstime) * 10,
    ...counts,
  })}\n`,
);
await deps.database.close();
process.exit(0);
