/**
 * A separate Rúbrica process for the bulk crash test: bootstraps on the given database (the real
 * job handlers, bulk rows and request e-mails included), seeds and sends a batch of BULK_ROWS rows
 * the first time ("batch <id>"), then works the queue, printing "progress <n>" as rows are
 * processed and "idle" once the batch is done and no job is left.
 * Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite on disk), BULK_ROWS.
 */
import { sql } from 'drizzle-orm';
import { bootstrap } from '../../../server/bootstrap.js';
import { loadConfig } from '../../../server/config.js';
import { queryRows } from '../../../server/db/client.js';
import { createLogger } from '../../../server/logger.js';
import { seedSentBulkBatch } from '../../../server/requests/bulk/factories.js';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'admin@rubrica.test',
  ADMIN_PASSWORD: 'Admin-Prueba-2026',
  JOB_POLL_MS: '50',
  JOB_LEASE_SECONDS: '2',
});
const { deps } = await bootstrap({ config, logger: createLogger('silent') });
const { db } = deps.database;
const [existing] = await queryRows<{ id: number }>(db, sql`SELECT id FROM signature_request_batches LIMIT 1`);
const batchId =
  existing?.id ??
  (await seedSentBulkBatch(deps, { rows: Number(process.env.BULK_ROWS), domain: 'crash.test' })).batchId;
process.stdout.write(`batch ${batchId}\n`);
deps.queue.start(1);

let last = -1;
const watch = setInterval(async () => {
  const [state] = await queryRows<{ processed: number; batch: string; open: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM signature_request_batch_rows
            WHERE batch_id = ${batchId} AND status IN ('sent', 'failed')) AS processed,
          (SELECT status FROM signature_request_batches WHERE id = ${batchId}) AS batch,
          (SELECT count(*)::int FROM jobs WHERE status IN ('pending', 'running')) AS open`,
  );
  if (!state) return;
  if (state.processed !== last) {
    last = state.processed;
    process.stdout.write(`progress ${state.processed}\n`);
  }
  if (state.batch === 'done' && Number(state.open) === 0) {
    clearInterval(watch);
    process.stdout.write('idle\n');
  }
}, 50);
