// Issue 24's cluster under signers: nginx (the shipped config) in front of 1, then 2, built server
// processes on a throwaway PostgreSQL 15 cluster, files in a loopback S3 (s3rver), mail to a
// loopback SMTP server — the cluster test's helpers (tests/api/support). CLUSTER_BENCH_SIGNERS
// (1,000) one-signer requests whose signer proves an e-mailed code are sent through the API
// (import_documents_packages_rows, then process_signature_request_multiple; not measured), then
// every signer, 50 at a time, goes through nginx as the signing page does: opens the link, has a
// code mailed and proves it, draws and signs. Figures: each call's p50/p95 (goal p95 ≤ 150 ms),
// each request's last signature → sealed (goal ≤ 60 s), sealed documents per second and its
// ratio 2 processes ÷ 1 (goal ≥ 1.5), with the CPU each process (and its render child) used.
// CLUSTER_BENCH_PAUSE_MS (0) paces the signers like people: each of the 50 starts at a random
// moment within 3 pauses and pauses before asking for the code, before typing it and before
// drawing, each pause drawn at random between ½ and 1½ of it: figures then `cluster_signing.paced.*`.
// Each process's own view (its request durations by route, its event loop's delay) is read from
// its /metrics and logged beside the client's.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { freePort, startPostgres } from '../scripts/pg.mjs';
import { percentile, ROOT, startServer, tmpDir, unitNodeFlags } from './lib.mjs';
import { familyCpuSeconds, machineCpu } from './processCpu.mjs';

const SIGNERS = Number(process.env.CLUSTER_BENCH_SIGNERS ?? 1000);
const CONCURRENCY = 50;
/** A signer's mean pause before asking for the code, before typing it and before drawing (0: none). */
const PAUSE_MS = Number(process.env.CLUSTER_BENCH_PAUSE_MS ?? 0);
const FIGURES = PAUSE_MS > 0 ? 'cluster_signing.paced' : 'cluster_signing';
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** People neither pause alike nor start together: ½ to 1½ of the mean pause, at random. */
const pause = () => (PAUSE_MS > 0 ? sleep(PAUSE_MS * (0.5 + Math.random())) : undefined);
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** The process counts to run, in order (`CLUSTER_BENCH_PROCESSES`, e.g. `2` for one run alone). */
const PROCESS_COUNTS = (process.env.CLUSTER_BENCH_PROCESSES ?? '1,2').split(',').map(Number);
/** Jobs each process runs at once: the shipped default (deploy/rubrica.env.example). */
const JOB_WORKERS = process.env.JOB_WORKERS ?? '1';
const SEAL_TIMEOUT_MS = 15 * 60_000;
const SENDER = { email: 'sofia@cluster.bench', password: 'Cluster-Envia-2026' };
const DOMAIN = 'firmantes.cluster.bench';
/** The signing page's calls, in its order: the figures' step names. */
const STEPS = ['open', 'open_notice', 'send_code', 'validate_code', 'upload_signature', 'sign'];
/** The largest row count import_documents_packages_rows takes in one call (BULK_JSON_MAX_ROWS). */
const IMPORT_CHUNK = 1000;

const load = (/** @type {string} */ file) => tsImport(path.join(ROOT, file), import.meta.url);
const round = (/** @type {number} */ value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The cluster test's helpers and the server modules the bench drives, loaded through tsx by `run`. */
let support = /** @type {Record<string, any>} */ ({});
let TINY_PNG = '';
let CONSENT_VERSION = '';

/**
 * The captured mail by recipient, indexed as it arrives (the signers' pollers would otherwise
 * scan thousands of messages each time).
 * @param {{ messages: { to: string[], subject: string, text: string }[] }} smtp
 */
function mailIndex(smtp) {
  const { invitationLink, mailedCode } = support;
  let seen = 0;
  /** @type {Map<string, string>} */
  const tokens = new Map();
  /** @type {Map<string, string[]>} */
  const codes = new Map();
  const update = () => {
    for (; seen < smtp.messages.length; seen++) {
      const mail = /** @type {(typeof smtp.messages)[number]} */ (smtp.messages[seen]);
      const code = mailedCode(mail);
      const link = code ? null : invitationLink(mail);
      for (const address of mail.to) {
        if (code) codes.set(address, [...(codes.get(address) ?? []), code]);
        else if (link && mail.subject.includes('le solicita firmar')) tokens.set(address, link[2]);
      }
    }
  };
  return {
    /** @param {string} address */
    token(address) {
      update();
      return tokens.get(address);
    },
    invited() {
      update();
      return tokens.size;
    },
    /** @param {string} address @param {number} index */
    code(address, index) {
      update();
      return codes.get(address)?.[index];
    },
  };
}

/** A JSON POST to `<base>/api/<path>`; throws unless it answers 200. */
async function post(base, path, body, headers = {}) {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * nginx in front of `processes` built servers on a fresh PostgreSQL cluster, S3 and SMTP; the
 * sender's company and a one-signer group whose signer proves an e-mailed code.
 */
async function startCluster(processes, log) {
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const pg = await startPostgres({ log });
    stops.push(() => pg.stop());
    const s3 = await support.startLoopbackS3('rubrica-cluster-bench');
    stops.push(() => s3.stop());
    const smtp = await support.startSmtpCapture();
    stops.push(() => smtp.stop());
    // nginx's port first: the servers' PUBLIC_URL (the invitations' links) points at it.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env = {
      ...s3.env,
      DATABASE_URL: pg.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      JOB_WORKERS,
      // Every signer of the bench calls from 127.0.0.1.
      RATE_LIMIT_SCALE: '100',
      METRICS_TOKEN,
    };
    const servers = await Promise.all(
      Array.from({ length: processes }, () =>
        startServer({ dataDir: tmpDir(), env, timeoutMs: 180_000, nodeFlags: unitNodeFlags() }),
      ),
    );
    stops.push(async () => {
      for (const server of servers) await server.stop();
    });
    const nginx = await support.startNginx(
      servers.map((server) => server.url.replace('http://', '')),
      proxyPort,
    );
    stops.push(() => nginx.stop());

    const database = await support.openDatabase({ databaseUrl: pg.url, dataDir: '' });
    stops.push(() => database.close());
    const { db } = database;
    const { packageId } = await support.seedOtpSender(db, { sender: SENDER, units: SIGNERS + 10 });
    return { db, servers, smtp, publicUrl, packageId, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The sender's rows through the API, sent, until every signer has their invitation and the send's jobs are done. */
async function sendRequests(cluster, mail) {
  const signin = await post(cluster.publicUrl, 'users/signin', SENDER);
  const auth = { authorization: `Bearer ${signin.data.token}` };
  const { sampleBulkRow } = await load('server/requests/bulk/factories.ts');
  for (let start = 0; start < SIGNERS; start += IMPORT_CHUNK) {
    const rows = Array.from({ length: Math.min(IMPORT_CHUNK, SIGNERS - start) }, (_, i) =>
      sampleBulkRow(start + i + 1, DOMAIN),
    );
    const batch = await post(
      cluster.publicUrl,
      'import_documents_packages_rows',
      { document_package_id: cluster.packageId, rows, expiry_days: 10 },
      auth,
    );
    if (batch.data.valid !== rows.length) throw new Error(`rows refused: ${JSON.stringify(batch.data)}`);
    await post(cluster.publicUrl, 'process_signature_request_multiple', { batch_id: batch.data.id }, auth);
  }
  await support.until('every signer is invited', () => mail.invited() >= SIGNERS, 10 * 60_000, 250);
  // Then the send's background work (each document's pages drawn ahead): signers arrive after it.
  await untilJobsDone(cluster, "the send's jobs are done");
}

/** Waits until no job is ready or running (those scheduled for later aside). */
async function untilJobsDone(cluster, what) {
  await support.until(
    what,
    async () => {
      const [row] = await support.queryRows(
        cluster.db,
        support.sql`SELECT count(*)::int AS ready FROM jobs
                    WHERE status IN ('pending', 'running') AND run_at <= now()`,
      );
      return row.ready === 0;
    },
    10 * 60_000,
    250,
  );
}

/**
 * One signer on the signing page: each call timed into `latencies[step]`; the wait for the
 * code's e-mail into `latencies.code_mail`.
 */
async function signAsThePage(base, token, address, mail, latencies) {
  const session = { 'x-signing-session': randomBytes(24).toString('base64url') };
  const timed = async (step, path, body) => {
    const started = performance.now();
    await post(base, path, { token, ...body }, session);
    latencies[step].push(performance.now() - started);
  };
  await timed('open', 'verify_token_sign_request', {});
  await timed('open_notice', 'send_notification_attempt_open_document', {});
  await pause();
  await timed('send_code', 'send_code', { channel: 'email' });
  const mailed = performance.now();
  const code = await support.until(`a code for ${address}`, () => mail.code(address, 0), 300_000, 20);
  latencies.code_mail.push(performance.now() - mailed);
  await pause();
  await timed('validate_code', 'validate_code', { code });
  await pause();
  await timed('upload_signature', 'upload_sign_images', { image: TINY_PNG, kind: 'drawn' });
  await timed('sign', 'do_sign_request', { consent_version: CONSENT_VERSION, signature: { kind: 'drawn' } });
}

/** The signing page's routes, by step. */
const ROUTES = {
  open: '/api/verify_token_sign_request',
  open_notice: '/api/send_notification_attempt_open_document',
  send_code: '/api/send_code',
  validate_code: '/api/validate_code',
  upload_signature: '/api/upload_sign_images',
  sign: '/api/do_sign_request',
};

/**
 * What the processes saw, from their /metrics (read directly, not through nginx): each step's
 * share of calls answered within 100 and 250 ms once in the process (from the duration histogram's
 * buckets, over every process), and each process's event loop delay (p99 and max, in ms).
 */
async function serversView(servers) {
  // Each exposition's sample lines, split once.
  const samples = await Promise.all(
    servers.map(async (server) => {
      const response = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return (await response.text()).split('\n').filter((row) => row && !row.startsWith('#'));
    }),
  );
  const sampleValue = (row) => Number(row.slice(row.lastIndexOf(' ') + 1));
  const sample = (rows, name) => {
    const row = rows.find((each) => each.startsWith(name));
    return row ? sampleValue(row) : 0;
  };
  const within = (route, le) =>
    samples
      .flat()
      .reduce(
        (count, row) =>
          row.startsWith('http_request_duration_seconds_bucket') &&
          row.includes(`route="${route}"`) &&
          row.includes('status_code="200"') &&
          row.includes(`le="${le}"`)
            ? count + sampleValue(row)
            : count,
        0,
      );
  const steps = Object.fromEntries(
    Object.entries(ROUTES).map(([step, route]) => {
      const all = within(route, '+Inf');
      const share = (le) => `${round((100 * within(route, le)) / Math.max(1, all), 1)} %`;
      return [step, `${share('0.1')} within 100 ms, ${share('0.25')} within 250 ms (of ${all})`];
    }),
  );
  const eventLoop = samples
    .map(
      (rows) =>
        `p99 ${round(sample(rows, 'nodejs_eventloop_lag_p99_seconds') * 1000)} / max ${round(sample(rows, 'nodejs_eventloop_lag_max_seconds') * 1000)}`,
    )
    .join(', ');
  return { steps, eventLoop };
}

/** CPU seconds of each server process, and of its render child apart. */
const serversCpu = (servers) => servers.map((server) => familyCpuSeconds(server.pid));

/**
 * The jobs run since `startedMs`, by queue: how many, and the median time between one job's end
 * and the previous one's on the same process — the run of a job while they queue up (each
 * process runs one at a time with JOB_WORKERS=1), which no column records.
 */
async function jobsSince(db, startedMs) {
  const rows = await support.queryRows(
    db,
    support.sql`SELECT queue, count(*)::int AS jobs,
               round(percentile_cont(0.5) WITHIN GROUP (ORDER BY gap_ms)::numeric, 1) AS median_gap_ms
        FROM (SELECT queue, extract(epoch FROM completed_at - lag(completed_at)
                       OVER (PARTITION BY locked_by ORDER BY completed_at)) * 1000 AS gap_ms
              FROM jobs WHERE status = 'done' AND created_at >= to_timestamp(${startedMs / 1000})) AS done
        GROUP BY queue ORDER BY count(*) DESC`,
  );
  return rows.map((row) => `${row.queue} ${row.jobs} (${row.median_gap_ms} ms)`).join(', ');
}

/**
 * The processes' sealing capacity, apart from the signers': every request's seal is undone and its
 * seal job queued again in one transaction, so that the whole backlog is ready at once; the
 * processes drain it through the queue as after signatures (stamps, certificate, timestamp, S3,
 * and the completion e-mails it queues, which share the workers). Sealed documents per second
 * from the commit to the last seal.
 */
async function sealBacklog(cluster, log) {
  const { db } = cluster;
  const { sql } = support;
  // The signers' last e-mails (the completion notices) go first: the backlog runs alone.
  await untilJobsDone(cluster, 'the e-mails after the seals are sent');
  const cpuBefore = serversCpu(cluster.servers);
  const machineBefore = machineCpu();
  const benchBefore = process.cpuUsage();
  const committed = await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE signature_request_documents SET sealed_key = NULL, sealed_sha256 = NULL, sealed_bytes = 0`,
    );
    await tx.execute(sql`UPDATE signature_requests SET seal_status = 'pending', sealed_at = NULL`);
    await tx.execute(sql`INSERT INTO jobs (queue, payload, idempotency_key)
                         SELECT 'request.seal', jsonb_build_object('requestId', id), 'seal-again:' || id
                         FROM signature_requests`);
    return Date.now();
  });
  const sealed = await support.until(
    'every request is sealed again',
    async () => {
      const rows = await support.queryRows(
        db,
        sql`SELECT extract(epoch FROM sealed_at) * 1000 AS sealed, seal_status FROM signature_requests`,
      );
      return rows.every((row) => row.seal_status === 'sealed') && rows;
    },
    SEAL_TIMEOUT_MS,
    100,
  );
  const cpuAfter = serversCpu(cluster.servers);
  const machine = machineCpu().since(machineBefore);
  const benchCpu = round(Object.values(process.cpuUsage(benchBefore)).reduce((a, b) => a + b, 0) / 1e6);
  const seconds = (Math.max(...sealed.map((row) => Number(row.sealed))) - committed) / 1000;
  const cpu = cpuAfter.map((after, i) => ({
    own: after.own - (cpuBefore[i]?.own ?? 0),
    child: after.children - (cpuBefore[i]?.children ?? 0),
  }));
  const rate = sealed.length / seconds;
  const others = round(machine.busySeconds - benchCpu - cpu.reduce((a, b) => a + b.own + b.child, 0));
  const spent = `CPU s per process + its render child ${cpu.map((c) => `${round(c.own)} + ${round(c.child)}`).join(', ')}; the bench's S3 and SMTP ${benchCpu}; PostgreSQL and the rest ${others}; machine ${round(machine.busy * 100, 0)} % busy`;
  log(
    `  a backlog of ${sealed.length} seals: drained in ${round(seconds)} s, ${round(rate, 2)} documents/s; ${spent}`,
  );
  return { rate, seconds, spent };
}

/** The whole workload on `processes` processes. */
async function runWorkload(processes, log) {
  const cluster = await startCluster(processes, log);
  try {
    const mail = mailIndex(cluster.smtp);
    const sendStarted = performance.now();
    await sendRequests(cluster, mail);
    log(
      `${processes} process(es): ${SIGNERS} requests sent in ${round((performance.now() - sendStarted) / 1000)} s`,
    );
    // The invitations' jobs are done: what runs from here is the signers' and the seals'.
    const addresses = Array.from({ length: SIGNERS }, (_, i) => `firmante${i + 1}@${DOMAIN}`);
    /** @type {Record<string, number[]>} */
    const latencies = Object.fromEntries([...STEPS, 'code_mail'].map((step) => [step, []]));
    const cpuBefore = serversCpu(cluster.servers);
    const machineBefore = machineCpu();
    // This process is the signers' client, the S3 server and the SMTP server.
    const benchBefore = process.cpuUsage();
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
    const started = Date.now();
    const waiting = [...addresses];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        if (PAUSE_MS > 0) await sleep(Math.random() * 3 * PAUSE_MS);
        for (let address = waiting.shift(); address; address = waiting.shift())
          await signAsThePage(cluster.publicUrl, mail.token(address), address, mail, latencies);
      }),
    );
    const signedMs = Date.now() - started;
    log(`${processes} process(es): ${SIGNERS} signers signed in ${round(signedMs / 1000)} s`);
    const sealed = await support.until(
      'every request is sealed',
      async () => {
        const rows = await support.queryRows(
          cluster.db,
          support.sql`SELECT extract(epoch FROM completed_at) * 1000 AS completed,
                             extract(epoch FROM sealed_at) * 1000 AS sealed, seal_status
                      FROM signature_requests`,
        );
        return rows.length === SIGNERS && rows.every((row) => row.seal_status === 'sealed') && rows;
      },
      SEAL_TIMEOUT_MS,
      250,
    );
    const cpuAfter = serversCpu(cluster.servers);
    const inProcess = await serversView(cluster.servers);
    const peakRss = cluster.servers.map((server) => round(server.peakRssMiB() ?? Number.NaN, 0));
    const jobs = await jobsSince(cluster.db, started);
    const machine = machineCpu().since(machineBefore);
    const benchCpu = round(Object.values(process.cpuUsage(benchBefore)).reduce((a, b) => a + b, 0) / 1e6);
    const loadAfter = readFileSync('/proc/loadavg', 'utf8').trim();
    // Last: it seals every request again.
    const backlog = await sealBacklog(cluster, log);
    const completed = sealed.map((row) => Number(row.completed));
    const sealedAt = sealed.map((row) => Number(row.sealed));
    const toSealed = sealed.map((row) => Number(row.sealed) - Number(row.completed));
    const windowMs = Math.max(...sealedAt) - Math.min(...completed);
    const cpu = cpuAfter.map((after, i) => ({
      server: round(after.own - (cpuBefore[i]?.own ?? 0)),
      children: round(after.children - (cpuBefore[i]?.children ?? 0)),
    }));
    const elapsedS = (Math.max(...sealedAt) - started) / 1000;
    const result = {
      processes,
      latencies,
      signedMs,
      toSealed,
      rate: SIGNERS / (windowMs / 1000),
      signRate: SIGNERS / (signedMs / 1000),
      cpu,
      elapsedS,
      machineBusy: machine.busy,
      machineCpu: round(machine.busySeconds),
      benchCpu,
      load: { before: loadBefore, after: loadAfter },
      jobs,
      inProcess,
      backlog,
      peakRss,
    };
    log(
      `${processes} process(es): sealed ${round(result.rate, 2)} documents/s over ${round(windowMs / 1000)} s; ` +
        `last signature → sealed p95 ${round(percentile(toSealed, 95) / 1000)} s, max ${round(Math.max(...toSealed) / 1000)} s; ` +
        `CPU s per process (server + render child) ${cpu.map((c) => `${c.server} + ${c.children}`).join(', ')} over ${round(elapsedS)} s; ` +
        `bench client + S3 + SMTP ${benchCpu} s; machine ${round(machine.busy * 100, 0)} % busy (${round(machine.busySeconds)} CPU s); load ${loadBefore} → ${loadAfter}`,
    );
    log(`  jobs since the first signer, by queue: ${jobs}`);
    for (const step of [...STEPS, 'code_mail'])
      log(
        `  ${step}: p50 ${round(percentile(latencies[step], 50))} ms, p95 ${round(percentile(latencies[step], 95))} ms` +
          (inProcess.steps[step] ? `; in the processes ${inProcess.steps[step]}` : ''),
      );
    log(
      `  event loop delay by process: ${inProcess.eventLoop}; peak RSS by process ${peakRss.join(', ')} MiB`,
    );
    return result;
  } finally {
    await cluster.stop();
  }
}

/** The single-process seal bench's median on this machine, when bench/results.json has it. */
function sealBenchMedian() {
  try {
    const figures = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'results.json'), 'utf8')).figures;
    return figures['seal.ours_median']?.value ?? null;
  } catch {
    return null;
  }
}

/** The figures of one run, named `cluster_signing.p<processes>.*`. */
function rowsOf(result) {
  const prefix = `${FIGURES}.p${result.processes}`;
  const paused =
    PAUSE_MS > 0 ? `, pausing ${PAUSE_MS} ms ± 50 % three times, starts spread over ${3 * PAUSE_MS} ms` : '';
  const note = `${SIGNERS} signers${paused}, c=${CONCURRENCY}, ${result.processes} process(es), JOB_WORKERS=${JOB_WORKERS}`;
  return [
    ...STEPS.map((step) => ({
      name: `${prefix}.${step}_p95`,
      label: `${step} through nginx, 95th percentile (goal ≤ 150)`,
      value: round(percentile(result.latencies[step], 95)),
      unit: 'ms',
      better: /** @type {const} */ ('lower'),
      note: `p50 ${round(percentile(result.latencies[step], 50))} ms; in the processes ${result.inProcess.steps[step]}; ${note}`,
    })),
    {
      name: `${prefix}.code_mail_p95`,
      label: 'send_code answered → the code in the loopback SMTP server, 95th percentile',
      value: round(percentile(result.latencies.code_mail, 95)),
      unit: 'ms',
      better: 'lower',
      note: `p50 ${round(percentile(result.latencies.code_mail, 50))} ms; ${note}`,
    },
    {
      name: `${prefix}.to_sealed_p95`,
      label: "a request's last signature → sealed, 95th percentile (goal ≤ 60)",
      value: round(percentile(result.toSealed, 95) / 1000),
      unit: 's',
      better: 'lower',
      note,
    },
    {
      name: `${prefix}.to_sealed_max`,
      label: "a request's last signature → sealed, the slowest (goal ≤ 60)",
      value: round(Math.max(...result.toSealed) / 1000),
      unit: 's',
      better: 'lower',
      note,
    },
    {
      name: `${prefix}.sealed_per_s`,
      label: 'sealed documents per second, first signature to last seal',
      value: round(result.rate, 2),
      unit: 'docs/s',
      better: 'higher',
      note: `signing alone ${round(result.signRate, 1)} signers/s; peak RSS by process ${result.peakRss.join(', ')} MiB; CPU s (server + render child): ${result.cpu.map((c) => `${c.server} + ${c.children}`).join(', ')}; jobs by queue (median gap between two ends on a process): ${result.jobs}; bench client + S3 + SMTP ${result.benchCpu}; machine ${round(result.machineBusy * 100, 0)} % busy (${result.machineCpu} CPU s), /proc/loadavg ${result.load.before} → ${result.load.after}; ${note}`,
    },
    {
      name: `${prefix}.backlog_sealed_per_s`,
      label: 'sealed documents per second, a backlog of every request queued at once',
      value: round(result.backlog.rate, 2),
      unit: 'docs/s',
      better: 'higher',
      note: `drained in ${round(result.backlog.seconds)} s; ${result.backlog.spent}; ${note}`,
    },
  ];
}

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function run({ log }) {
  support = {
    ...(await load('tests/api/support/nginx.ts')),
    ...(await load('tests/api/support/smtpCapture.ts')),
    ...(await load('tests/api/support/throughProxy.ts')),
    ...(await load('tests/support/s3/loopbackS3.ts')),
    ...(await load('server/db/client.ts')),
    ...(await load('tests/api/support/clusterCompany.ts')),
    ...(await import('drizzle-orm')),
  };
  if (support.nginxMissing) throw new Error(support.nginxMissing);
  TINY_PNG = (await load('tests/api/support/signing.ts')).TINY_PNG_BASE64;
  CONSENT_VERSION = (await load('server/requests/core/consent.ts')).CONSENT.version;
  log(
    `${SIGNERS} signers at c=${CONCURRENCY}${PAUSE_MS > 0 ? `, pausing ${PAUSE_MS} ms` : ''} on ${os.availableParallelism()} cores, JOB_WORKERS=${JOB_WORKERS}, node ${unitNodeFlags().join(' ')} (the systemd unit's flags)`,
  );
  const results = [];
  for (const processes of PROCESS_COUNTS) results.push(await runWorkload(processes, log));
  const one = results.find((result) => result.processes === 1);
  const two = results.find((result) => result.processes === 2);
  const sealMedian = sealBenchMedian();
  const rows = results.flatMap(rowsOf);
  const sealBench =
    sealMedian === null
      ? 'no seal.ours_median in bench/results.json to compare with'
      : `the single-process seal bench (seal.ours_median ${sealMedian} ms, 10 pages, no database, storage or mail) seals ${round(1000 / sealMedian, 1)} documents/s in a loop`;
  if (one && two)
    rows.push({
      name: `${FIGURES}.backlog_sealed_per_s_ratio`,
      label: 'sealed documents per second draining a backlog, 2 processes ÷ 1 (goal ≥ 1.5)',
      value: round(two.backlog.rate / one.backlog.rate, 2),
      unit: '×',
      better: 'higher',
      note: sealBench,
    });
  if (one && two)
    rows.push({
      name: `${FIGURES}.sealed_per_s_ratio`,
      label: 'sealed documents per second under the signers, 2 processes ÷ 1',
      value: round(two.rate / one.rate, 2),
      unit: '×',
      better: 'higher',
      note: sealBench,
    });
  return rows;
}
