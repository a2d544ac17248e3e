// The login page and what follows it, in the built app on Debian's Chromium (issue 21): the
// JavaScript of /session/login (gzip; goal ≤ 150 KB) and its largest contentful paint on a
// throttled phone (goal ≤ 2.0 s); all the JavaScript from the login page to the first list screen
// after signing in (goal ≤ 350 KB); and what opening the template editor fetches, which must be
// the only time its chunk (rich text) is fetched.

import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../tests/e2e/support/chromium.mjs';
import { ADMIN, median, startServer, tmpDir } from './lib.mjs';
import { PROFILE, PROFILE_TEXT, throttledPage } from './mobileProfile.mjs';

const LCP_RUNS = 3;
const LIST_PATH = '/user/company';
const EDITOR_PATH = '/document-template/create';
const EDITOR_CHUNK = /^DocumentTemplatePage-[\w-]+\.js$/;
const ADMIN_CHUNK = /^(react-admin|AdminRoot)-[\w-]+\.js$/;

const fileOf = (/** @type {string} */ url) => new URL(url).pathname.split('/').at(-1) ?? url;
const kib = (/** @type {number} */ bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Every JavaScript file the page receives, by URL, with its gzip size (zlib's default level, as a
 * compressing server sends it) once the body is read.
 * @param {import('@playwright/test').Page} page
 */
function recordScripts(page) {
  /** @type {Map<string, Promise<number>>} */
  const gzipped = new Map();
  page.on('response', (response) => {
    if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname) || gzipped.has(response.url())) return;
    gzipped.set(
      response.url(),
      response.body().then((body) => gzipSync(body).length),
    );
  });
  /** The files received so far and their gzip bytes. */
  return async () => {
    const files = [...gzipped.keys()];
    const sizes = await Promise.all(files.map((url) => gzipped.get(url)));
    const bytes = new Map(files.map((url, i) => [fileOf(url), sizes[i] ?? 0]));
    return { files: files.map(fileOf), gzip: sizes.reduce((sum, size) => sum + (size ?? 0), 0), bytes };
  };
}

/** Moves the single-page app to a path as a click on a link does (no reload: cached chunks stay). */
async function openInApp(/** @type {import('@playwright/test').Page} */ page, /** @type {string} */ path) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Unthrottled: the login page, signing in, the first list, then the template editor.
 * @param {import('@playwright/test').Browser} browser
 */
async function walk(browser, /** @type {string} */ base) {
  const context = await browser.newContext({ viewport: PROFILE.viewport, locale: 'es-CO' });
  try {
    const page = await context.newPage();
    const received = recordScripts(page);
    await page.goto(`${base}/session/login`);
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = await received();

    await page.getByLabel(/^Correo electrónico/).fill(ADMIN.email);
    await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${base}/home`);
    await openInApp(page, LIST_PATH);
    const listHeading = page.getByRole('heading', { level: 1, name: 'Creación de Empresas' });
    // The first sign-in of the administrator offers two-factor in a modal that hides the page.
    const prompt = page.getByRole('dialog', { name: '¿Activar la verificación en dos pasos?' });
    await listHeading.or(prompt).waitFor({ timeout: 60_000 });
    if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Ahora no' }).click();
    await listHeading.waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const list = await received();

    await openInApp(page, EDITOR_PATH);
    await page.locator('[contenteditable="true"]').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const editor = await received();
    const editorFiles = editor.files.filter((file) => !list.files.includes(file));
    return { login, list, editor: { files: editorFiles, gzip: editor.gzip - list.gzip } };
  } finally {
    await context.close();
  }
}

/** One cold, throttled load of the login page; its LCP once the form is up and the network quiet. */
async function loginLcp(
  /** @type {import('@playwright/test').Browser} */ browser,
  /** @type {string} */ url,
) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(url, { timeout: 120_000 });
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // A paint's entry arrives a frame or more after it, later with the CPU slowed.
    await page
      .waitForFunction(() => /** @type {any} */ (window).lcp.time > 0, undefined, { timeout: 5_000 })
      .catch(() => undefined);
    const lcp = await page.evaluate(() => /** @type {any} */ (window).lcp);
    return { lcp: Number(lcp.time), element: String(lcp.element) };
  } finally {
    await context.close();
  }
}

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function run({ log }) {
  const server = await startServer({ dataDir: tmpDir('rubrica-login-page-') });
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const { login, list, editor } = await walk(browser, server.url);
    const adminOnLogin = login.files.filter((file) => ADMIN_CHUNK.test(file));
    const editorBefore = list.files.filter((file) => EDITOR_CHUNK.test(file));
    const editorOnOpen = editor.files.filter((file) => EDITOR_CHUNK.test(file));
    log(`login page: ${login.files.length} files, ${login.gzip} gzip (${login.files.join(', ')})`);
    log(
      `login → first list (${LIST_PATH}): ${list.files.length} files, ${list.gzip} gzip (${list.files.join(', ')})`,
    );
    // Where the bytes to the first list go, largest first (what to cut next).
    const heaviest = [...list.bytes].sort(([, a], [, b]) => b - a);
    log(
      `first list by file, gzip KiB: ${heaviest.map(([file, bytes]) => `${file} ${kib(bytes)}`).join(', ')}`,
    );
    log(`opening the editor: ${editor.files.length} files, ${editor.gzip} gzip (${editor.files.join(', ')})`);
    if (adminOnLogin.length) log(`WARNING: the login page fetched ${adminOnLogin.join(', ')}`);
    if (editorBefore.length || !editorOnOpen.length)
      log('WARNING: the editor chunk was not fetched only on open');

    /** @type {{ lcp: number, element: string }[]} */
    const loads = [];
    for (let i = 0; i < LCP_RUNS; i++) {
      const load = await loginLcp(browser, `${server.url}/session/login`);
      log(`LCP ${Math.round(load.lcp)} ms (${load.element})`);
      loads.push(load);
    }
    return [
      {
        name: 'login_page.js_gzip',
        label:
          '/session/login, JavaScript received until the form is up and the network quiet, gzip (goal ≤ 150 KB)',
        value: kib(login.gzip),
        unit: 'KiB',
        better: 'lower',
        note: `${login.files.length} files: ${login.files.join(', ')}`,
      },
      {
        name: 'login_page.lcp_mobile',
        label: `/session/login, largest contentful paint, cold load, ${PROFILE_TEXT}, median of ${LCP_RUNS} (goal ≤ 2000)`,
        value: Math.round(median(loads.map((load) => load.lcp))),
        unit: 'ms',
        better: 'lower',
        samples: loads.map((load) => Math.round(load.lcp)),
        note: `LCP element: ${loads.at(-1)?.element ?? ''}`,
      },
      {
        name: 'login_page.js_gzip_to_first_list',
        label: `all JavaScript from the login page to the first list after signing in (${LIST_PATH}), gzip (goal ≤ 350 KB)`,
        value: kib(list.gzip),
        unit: 'KiB',
        better: 'lower',
        note: `${list.files.length} files`,
      },
      {
        name: 'login_page.js_gzip_editor_open',
        label: `JavaScript fetched when the template editor opens (${EDITOR_PATH}), gzip; its chunk is fetched only then`,
        value: kib(editor.gzip),
        unit: 'KiB',
        better: 'lower',
        note: `${editorBefore.length === 0 && editorOnOpen.length > 0 ? 'editor chunk only on open' : 'EDITOR CHUNK FETCHED EARLIER'}: ${editor.files.join(', ')}`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
