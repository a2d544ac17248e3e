import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, queryRows } from './db/client.js';

/**
 * The process's Prometheus instruments, in a registry of its own (never prom-client's global one:
 * several apps share a test process). Services touch them through `deps.metrics` with one call
 * each; `GET /metrics` (server/http/metrics.ts) serves them when METRICS_TOKEN is set.
 */
export type Metrics = ReturnType<typeof createMetrics>;

type QueueRow = { queue: string; depth: number; oldest_seconds: number | null };

/** Ready jobs waiting for a worker, and how long the oldest has waited, by queue. */
const waitingJobs = (db: Db) =>
  queryRows<QueueRow>(
    db,
    sql`SELECT queue, count(*)::int AS depth,
               extract(epoch FROM now() - min(run_at))::float8 AS oldest_seconds
        FROM jobs WHERE status = 'pending' AND run_at <= now()
        GROUP BY queue`,
  );

export function createMetrics(options: { db: Db; queues: () => readonly string[] }) {
  const registry = new Registry();
  const registers = [registry];
  // Both queue gauges read one query per scrape: prom-client collects them at once, so the
  // second shares the first's query while it is in flight.
  let inFlight: Promise<QueueRow[]> | undefined;
  const queueRows = () => {
    inFlight ??= waitingJobs(options.db).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  const setByQueue = async (gauge: Gauge<'kind'>, value: (row: QueueRow) => number) => {
    const rows = new Map((await queueRows()).map((row) => [row.queue, row]));
    gauge.reset();
    for (const kind of new Set([...options.queues(), ...rows.keys()])) {
      const row = rows.get(kind);
      gauge.set({ kind }, row ? value(row) : 0);
    }
  };
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duración de las peticiones HTTP, por método, ruta (su patrón) y código de estado',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    jobQueueDepth: new Gauge({
      name: 'job_queue_depth',
      help: 'Trabajos listos que esperan un trabajador, por tipo (cola)',
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        await setByQueue(this, (row) => row.depth);
      },
    }),
    jobQueueOldestAge: new Gauge({
      name: 'job_queue_oldest_age_seconds',
      help: 'Segundos que lleva esperando el trabajo listo más antiguo, por tipo (cola)',
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        await setByQueue(this, (row) => Math.max(0, row.oldest_seconds ?? 0));
      },
    }),
    jobFailures: new Counter({
      name: 'job_failures_total',
      help: 'Intentos de trabajos fallidos, por tipo (cola) y si fue el último intento',
      labelNames: ['kind', 'final'] as const,
      registers,
    }),
    sealLatency: new Histogram({
      name: 'seal_latency_seconds',
      help: 'Segundos desde la firma que completa una solicitud hasta su sello',
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600, 24 * 3600],
      registers,
    }),
    mailOutcomes: new Counter({
      name: 'mail_outcomes_total',
      help: 'Resultados de los envíos de correo: sent, bounced (rechazado), retry (fallo temporal), failed (agotó los intentos)',
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
}
