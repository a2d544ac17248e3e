// Helpers shared by the bench modules (bench/*.bench.mjs): start the built server on a private
// port and data directory, time it to its first healthy reply, read its peak memory, stop it.
// Loopback only; every wait is bounded.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../scripts/pg.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'main.js');
export const ADMIN = { email: 'admin@rubrica.test', password: 'Bench-Admin-Passw0rd!' };

/** @type {Set<string>} */
const tempDirs = new Set();
/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

// Never leave a server or a data directory behind, even when a bench module throws.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh empty directory under the system temp dir, deleted when the bench exits. */
export function tmpDir(prefix = 'rubrica-bench-') {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Nearest-rank percentile.
 * @param {number[]} values
 * @param {number} p 0–100
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One GET without keep-alive; resolves with the status code, or 0 when nothing answers.
 * @param {string} url
 */
export function getStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * One memory figure of a Linux process in MiB from /proc (null elsewhere or once it has exited).
 * @param {number | undefined} pid
 * @param {'VmHWM' | 'VmRSS'} field  VmHWM: peak resident set size; VmRSS: resident set size now
 */
function procStatusMiB(pid, field) {
  if (pid === undefined) return null;
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Peak resident set size of a Linux process in MiB (VmHWM), or null elsewhere. */
export const peakRssMiB = (/** @type {number | undefined} */ pid) => procStatusMiB(pid, 'VmHWM');

/** Resident set size of a Linux process in MiB now (VmRSS), or null elsewhere. */
export const rssMiB = (/** @type {number | undefined} */ pid) => procStatusMiB(pid, 'VmRSS');

/**
 * RSS once the process is at rest: polls until it changes by less than 1 MiB over 2 s (the
 * start's last allocations and the first idle GC are done), at most `timeoutMs`.
 * @param {number | undefined} pid
 */
export async function restingRssMiB(pid, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  let previous = rssMiB(pid);
  while (previous !== null && performance.now() < deadline) {
    await sleep(2000);
    const now = rssMiB(pid);
    if (now === null || Math.abs(now - previous) < 1) return now;
    previous = now;
  }
  return previous;
}

/** `npm start`'s command line: `[VAR=value …] node [--flag …] dist/server/main.js`. */
function startCommand() {
  const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
  return /((?:\b[A-Z_]+=\S+\s+)*)node((?:\s+--\S+)*)\s+dist\/server\/main\.js/.exec(scripts.start ?? '');
}

/**
 * The Node.js flags of `npm start` (package.json), so the figures are those of the real command.
 * @returns {string[]}
 */
export function startNodeFlags() {
  return startCommand()?.[2]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/**
 * The Node.js flags of the shipped systemd unit's ExecStart (deploy/systemd/rubrica@.service): how
 * the processes of a cluster on PostgreSQL run.
 * @returns {string[]}
 */
export function unitNodeFlags() {
  const unit = readFileSync(path.join(ROOT, 'deploy', 'systemd', 'rubrica@.service'), 'utf8');
  const execStart = /^ExecStart=\S*node((?:\s+--\S+)*)\s+dist\/server\/main\.js/m.exec(unit);
  return execStart?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/**
 * The environment variables `npm start` sets before `node` (the C library's allocator settings).
 * @returns {Record<string, string>}
 */
export function startEnv() {
  const assignments = startCommand()?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
  return Object.fromEntries(assignments.map((assignment) => assignment.split(/=(.*)/s).slice(0, 2)));
}

/**
 * @typedef {object} RunningServer
 * @property {string} url          http://127.0.0.1:PORT
 * @property {number} startMs      spawn → first 200 from /api/health
 * @property {number | undefined} pid
 * @property {() => number | null} peakRssMiB
 * @property {() => Promise<number | null>} restingRssMiB
 * @property {() => Promise<void>} stop   SIGTERM, then SIGKILL after 10 s
 */

/**
 * Starts `node dist/server/main.js` (with the flags of `npm start`, or `nodeFlags`) and waits (≤ timeoutMs) for GET /api/health → 200.
 * Logging is at `warn` so request logs do not skew the figures.
 * @param {{ dataDir: string, env?: Record<string, string>, timeoutMs?: number, nodeFlags?: string[] }} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ dataDir, env = {}, timeoutMs = 60_000, nodeFlags = startNodeFlags() }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  /** @type {string[]} */
  const output = [];
  const started = performance.now();
  // BENCH_CPU_PROF_DIR: each server writes a V8 CPU profile there when it stops (not a NODE_OPTIONS flag).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...nodeFlags, ...profile, SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...startEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Required with DATABASE_URL (the shared secrets in the database are encrypted with it).
      SECRETS_KEY: process.env.SECRETS_KEY || Buffer.alloc(32, 0x42).toString('base64'),
      ...env,
    },
  });
  children.add(child);
  // Keep the last lines only, to explain a failed start.
  const keep = (/** @type {Buffer} */ chunk) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    children.delete(child);
  };

  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) break;
    if ((await getStatus(`${url}/api/health`)) === 200) {
      const startMs = performance.now() - started;
      return {
        url,
        startMs,
        pid: child.pid,
        peakRssMiB: () => peakRssMiB(child.pid),
        restingRssMiB: () => restingRssMiB(child.pid),
        stop,
      };
    }
    await sleep(10);
  }
  await stop();
  const why =
    child.exitCode !== null ? `exited with code ${child.exitCode}` : `not healthy after ${timeoutMs} ms`;
  throw new Error(`server ${why}:\n${output.join('').slice(-2000)}`);
}

/**
 * Signs in through the API; the token and the user's id.
 * @param {string} url
 * @param {{ email: string, password: string }} credentials
 * @returns {Promise<{ id: number, headers: Record<string, string> }>}
 */
export async function signIn(url, { email, password }) {
  const response = await fetch(`${url}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const reply = await response.json();
  if (response.status !== 200 || reply.data?.status !== 'authenticated') {
    throw new Error(`sign-in of ${email} answered ${response.status}: ${JSON.stringify(reply)}`);
  }
  return {
    id: reply.data.id,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reply.data.token}` },
  };
}

/**
 * Requests of one shape for `seconds` over `connections` connections: p95 of the 200s, their
 * rate, the replies with another status, and the requests that got no reply (errors, timeouts,
 * or still running when the time was up).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {{ method?: 'GET' | 'POST', path: string, body?: unknown }} shape  method: POST unless said
 * @param {number} connections
 * @param {number} seconds
 */
export async function measure(url, headers, shape, connections, seconds) {
  /** @type {number[]} */
  const latencies = [];
  const instance = autocannon({
    url: `${url}${shape.path}`,
    method: shape.method ?? 'POST',
    headers,
    body: shape.body ? JSON.stringify(shape.body) : undefined,
    connections,
    duration: seconds,
    timeout: 30,
  });
  let otherStatus = 0;
  instance.on(
    'response',
    (
      /** @type {unknown} */ _c,
      /** @type {number} */ status,
      /** @type {number} */ _b,
      /** @type {number} */ ms,
    ) => {
      if (status === 200) latencies.push(ms);
      else otherStatus++;
    },
  );
  const result = await instance;
  const figure = { answered: latencies.length, otherStatus, unanswered: result.errors + result.timeouts };
  if (latencies.length === 0) return { ...figure, p95: Number.NaN, throughput: 0 };
  return {
    ...figure,
    p95: Math.round(percentile(latencies, 95) * 10) / 10,
    throughput: Math.round((latencies.length / result.duration) * 10) / 10,
  };
}

/**
 * The databases a bench runs on: both, or the one the environment variable names.
 * @param {string} variable  e.g. BENCH_LIST_BACKEND=pglite
 */
export function backendsChosenBy(variable) {
  const chosen = process.env[variable];
  return /** @type {const} */ (['postgresql', 'pglite']).filter((backend) => !chosen || chosen === backend);
}
