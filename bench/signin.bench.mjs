// Sign-in throughput: autocannon POSTs the seeded administrator's credentials to
// /api/users/signin for 10 s on a few connections (password hashing dominates), with the
// per-address rate limit raised so every request does the real work.

import autocannon from 'autocannon';
import { ADMIN, percentile, startServer, tmpDir } from './lib.mjs';

const DURATION_SECONDS = 10;
const CONNECTIONS = 4;

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function signin({ log }) {
  const server = await startServer({
    dataDir: tmpDir(),
    env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  try {
    const body = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });
    const headers = { 'content-type': 'application/json' };
    // Fail fast with a clear message instead of measuring how fast we reject bad credentials.
    const probe = await fetch(`${server.url}/api/users/signin`, { method: 'POST', headers, body });
    if (probe.status !== 200)
      throw new Error(`sign-in probe answered ${probe.status}: ${await probe.text()}`);

    /** @type {number[]} */
    const latencies = [];
    log(`autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s`);
    const instance = autocannon({
      url: `${server.url}/api/users/signin`,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    // (client, statusCode, resBytes, responseTime in ms): collected to compute an exact p95.
    instance.on(
      'response',
      (
        /** @type {unknown} */ _client,
        /** @type {number} */ statusCode,
        /** @type {number} */ _bytes,
        /** @type {number} */ responseTime,
      ) => {
        if (statusCode === 200) latencies.push(responseTime);
      },
    );
    const result = await instance;
    const ok = result['2xx'];
    if (ok === 0)
      throw new Error(`no successful sign-in (${result.non2xx} non-2xx, ${result.errors} errors)`);
    const problems = result.non2xx + result.errors + result.timeouts;

    return [
      {
        name: 'signin.throughput',
        label: `Sign-ins per second (${CONNECTIONS} connections, ${DURATION_SECONDS} s)`,
        value: Math.round((ok / result.duration) * 10) / 10,
        unit: 'req/s',
        better: 'higher',
        ...(problems > 0 ? { note: `${problems} non-2xx/errors/timeouts excluded` } : {}),
      },
      {
        name: 'signin.latency_p95',
        label: 'Sign-in latency, 95th percentile',
        value: Math.round(percentile(latencies, 95) * 10) / 10,
        unit: 'ms',
        better: 'lower',
      },
      {
        name: 'signin.peak_rss',
        label: 'Peak RSS of the server under sign-in load',
        value: Math.round(server.peakRssMiB() ?? Number.NaN),
        unit: 'MiB',
        better: 'lower',
      },
    ];
  } finally {
    await server.stop();
  }
}
