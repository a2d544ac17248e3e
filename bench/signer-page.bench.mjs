// The signer's page (/signature-request/<token>) in the built app, on Debian's Chromium: the
// JavaScript it needs until the first page of the document is on screen (gzip bytes; goal
// ≤ 150 KB), and its largest contentful paint on a throttled phone (goal ≤ 2.5 s). The request
// is seeded through the server's own factories (bench/seed-signer-page.ts) before it starts.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../tests/e2e/support/chromium.mjs';
import { median, ROOT, startServer, tmpDir } from './lib.mjs';
import { PROFILE, PROFILE_TEXT, throttledPage } from './mobileProfile.mjs';

const LCP_RUNS = 3;
const FIRST_PAGE = 'img[alt*=", página 1 de"]';

/** performance.now() in the page when the first page's image is decoded (not merely in the DOM). */
const firstPageShown = (/** @type {string} */ selector) => {
  const image = /** @type {HTMLImageElement | null} */ (document.querySelector(selector));
  return image?.complete && image.naturalWidth > 0 ? performance.now() : false;
};

function seedRequest(/** @type {string} */ dataDir) {
  const seed = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'bench', 'seed-signer-page.ts')],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: 'admin@rubrica.test',
        ADMIN_PASSWORD: 'Bench-Admin-Passw0rd!',
      },
    },
  );
  if (seed.status !== 0) throw new Error(`seeding failed (${seed.status}): ${seed.stderr || seed.stdout}`);
  const token = JSON.parse(seed.stdout.trim().split('\n').at(-1) ?? '{}').token;
  if (typeof token !== 'string') throw new Error(`seeding printed no token: ${seed.stdout}`);
  return token;
}

/**
 * Loads the page unthrottled and sums the JavaScript responses that ended before the first page
 * was shown: raw bytes as served, and gzip (zlib's default level) as a compressing server sends.
 * @param {import('@playwright/test').Browser} browser
 */
async function measureJavaScript(browser, /** @type {string} */ url) {
  const context = await browser.newContext({ viewport: PROFILE.viewport, locale: 'es-CO' });
  try {
    const page = await context.newPage();
    /** @type {Map<string, Promise<Buffer | null>>} */
    const bodies = new Map();
    page.on('response', (response) => {
      if (/\.m?js(\?|$)/.test(new URL(response.url()).pathname))
        bodies.set(
          response.url(),
          response.body().catch(() => null),
        );
    });
    await page.goto(url);
    const shownAt = await (
      await page.waitForFunction(firstPageShown, FIRST_PAGE, { polling: 'raf', timeout: 60_000 })
    ).jsonValue();
    const loadedBefore = await page.evaluate(
      (limit) =>
        /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
          .filter((entry) => entry.responseEnd <= Number(limit))
          .map((entry) => ({ name: entry.name, bytes: entry.encodedBodySize })),
      shownAt,
    );
    const scripts = loadedBefore.map((entry) => entry.name).filter((name) => bodies.has(name));
    const others = loadedBefore
      .filter((entry) => !bodies.has(entry.name))
      .map((entry) => `${new URL(entry.name).pathname} ${entry.bytes} B`);
    let raw = 0;
    let gzip = 0;
    for (const name of scripts) {
      const body = await bodies.get(name);
      if (!body) throw new Error(`no body for ${name}`);
      raw += body.length;
      gzip += gzipSync(body).length;
    }
    return { raw, gzip, files: scripts.map((name) => new URL(name).pathname.split('/').at(-1)), others };
  } finally {
    await context.close();
  }
}

/**
 * One cold load (new context, empty cache) under the mobile profile; the LCP is read once the
 * first page is shown and the network is quiet.
 * @param {import('@playwright/test').Browser} browser
 */
async function measureLcp(browser, /** @type {string} */ url) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(url, { timeout: 120_000 });
    const shownAt = Number(
      await (
        await page.waitForFunction(firstPageShown, FIRST_PAGE, { polling: 'raf', timeout: 120_000 })
      ).jsonValue(),
    );
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // The entry for a paint is delivered a frame or more after it, later still with the CPU
    // slowed: give the first page's paint up to 5 s to be reported before reading the last one.
    await page
      .waitForFunction((shown) => /** @type {any} */ (window).lcp.time >= Number(shown) - 100, shownAt, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    const lcp = await page.evaluate(() => /** @type {any} */ (window).lcp);
    return { lcp: Number(lcp.time), element: String(lcp.element), shownAt };
  } finally {
    await context.close();
  }
}

const round = (/** @type {number} */ value) => Math.round(value);

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function run({ log }) {
  const dataDir = tmpDir('rubrica-signer-page-');
  const token = seedRequest(dataDir);
  const server = await startServer({ dataDir });
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const url = `${server.url}/signature-request/${token}`;
    const javascript = await measureJavaScript(browser, url);
    log(
      `JavaScript before the first page: ${javascript.files.length} files, ${javascript.raw} bytes, ${javascript.gzip} gzip (${javascript.files.join(', ')})`,
    );
    log(`other responses before the first page: ${javascript.others.join(', ') || 'none'}`);
    /** @type {{ lcp: number, element: string, shownAt: number }[]} */
    const loads = [];
    for (let i = 0; i < LCP_RUNS; i++) {
      const load = await measureLcp(browser, url);
      log(`LCP ${round(load.lcp)} ms (${load.element}); first page shown at ${round(load.shownAt)} ms`);
      loads.push(load);
    }
    const lcp = median(loads.map((load) => load.lcp));
    const shown = median(loads.map((load) => load.shownAt));
    const files = `${javascript.files.length} files: ${javascript.files.join(', ')}`;
    return [
      {
        name: 'signer_page.js_gzip_first_page',
        label:
          "/signature-request/<token>, JavaScript received before the document's first page is shown, gzip (goal ≤ 150 KB)",
        value: Math.round((javascript.gzip / 1024) * 10) / 10,
        unit: 'KiB',
        better: 'lower',
        note: files,
      },
      {
        name: 'signer_page.js_raw_first_page',
        label: 'same JavaScript uncompressed (the server sends the Brotli or gzip copy written by the build)',
        value: Math.round((javascript.raw / 1024) * 10) / 10,
        unit: 'KiB',
        better: 'lower',
        note: files,
      },
      {
        name: 'signer_page.lcp_mobile',
        label: `largest contentful paint, cold load, ${PROFILE_TEXT}, median of ${LCP_RUNS} (goal ≤ 2500)`,
        value: round(lcp),
        unit: 'ms',
        better: 'lower',
        samples: loads.map((load) => round(load.lcp)),
        note: `LCP element: ${loads.at(-1)?.element ?? ''}`,
      },
      {
        name: 'signer_page.first_page_mobile',
        label: `first document page decoded and shown, same profile, median of ${LCP_RUNS}`,
        value: round(shown),
        unit: 'ms',
        better: 'lower',
        samples: loads.map((load) => round(load.shownAt)),
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
