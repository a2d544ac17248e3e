// Company list at scale: 10,000 companies seeded into a PGlite DATA_DIR (bench/seed-companies.ts,
// run with tsx before the server starts), then autocannon POSTs company_list page 1 (15 rows,
// default order, with the total) as the administrator, who sees every company, for 10 s.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { ADMIN, percentile, ROOT, startServer, tmpDir } from './lib.mjs';

const COMPANIES = 10_000;
const DURATION_SECONDS = 10;
const CONNECTIONS = 4;
const LIST_PATH = '/api/company_list/1/15/20/1';

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function companyList({ log }) {
  const dataDir = tmpDir();
  log(`seeding ${COMPANIES} companies`);
  const seed = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'bench', 'seed-companies.ts'), dataDir, String(COMPANIES), ADMIN.email, ADMIN.password],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  if (seed.status !== 0) throw new Error(`seeding failed (${seed.status}): ${seed.stderr || seed.stdout}`);

  const server = await startServer({ dataDir, env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  try {
    const signin = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
    const { token } = (await signin.json()).data;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const body = JSON.stringify({});
    // Check the figure measures a real page of the seeded table before timing many.
    const probe = await fetch(`${server.url}${LIST_PATH}`, { method: 'POST', headers, body });
    const page = (await probe.json()).data;
    if (probe.status !== 200 || page.total < COMPANIES || page.items.length !== 15)
      throw new Error(`company_list probe answered ${probe.status}, total ${page?.total}`);

    /** @type {number[]} */
    const latencies = [];
    log(`autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s`);
    const instance = autocannon({
      url: `${server.url}${LIST_PATH}`,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
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
    if (result['2xx'] === 0)
      throw new Error(`no successful list (${result.non2xx} non-2xx, ${result.errors} errors)`);
    const problems = result.non2xx + result.errors + result.timeouts;
    const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
    const note = problems > 0 ? { note: `${problems} non-2xx/errors/timeouts excluded` } : {};
    return [
      {
        name: 'company_list.latency_p95',
        label: `company_list page at ${COMPANIES} companies (administrator), p95`,
        value: Math.round(percentile(latencies, 95) * 10) / 10,
        unit: 'ms',
        better: 'lower',
        ...note,
      },
      {
        name: 'company_list.latency_mean',
        label: `company_list page at ${COMPANIES} companies (administrator), mean`,
        value: Math.round(mean * 10) / 10,
        unit: 'ms',
        better: 'lower',
      },
      {
        name: 'company_list.throughput',
        label: `company_list pages per second (${CONNECTIONS} connections, ${DURATION_SECONDS} s)`,
        value: Math.round((result['2xx'] / result.duration) * 10) / 10,
        unit: 'req/s',
        better: 'higher',
      },
    ];
  } finally {
    await server.stop();
  }
}
