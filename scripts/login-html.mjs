// A build step of `vite build` (vite.config.ts): writes dist/web/login.html, index.html with the
// login page's chunks and style sheet named in its head and the page's markup in its root (issue
// 21: the login page's LCP). The server sends it for the login path (server/http/spa.ts): a phone
// paints the form as soon as the page and its style sheet arrive, fetches the page's code beside
// the entry chunk, and main.tsx hydrates the form once the code has run. Other pages keep
// index.html: the signer's pages must not pay for the login page.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

/** The module whose chunk the login page needs (App.tsx imports it on demand). */
export const LOGIN_PAGE_MODULE = 'src/login/LoginPage.tsx';
/** Renders the login page's markup (run by vite in Node at build time). */
const PRERENDER_MODULE = '/src/login/prerender.tsx';
const EMPTY_ROOT = '<div id="root"></div>';
export const LOGIN_HTML = 'login.html';

/**
 * @typedef {{ type: 'chunk', fileName: string, facadeModuleId: string | null, imports: string[],
 *   isEntry: boolean, viteMetadata?: { importedCss: Set<string> } }} OutputChunk
 */

/**
 * The files the chunk of `moduleId` needs that the entry chunks do not already load: its own
 * file and the chunks it imports (transitively), then its style sheets.
 * @param {Record<string, OutputChunk | { type: 'asset' }>} bundle
 * @param {string} moduleId
 */
export function chunkFilesOf(bundle, moduleId) {
  const chunks = /** @type {OutputChunk[]} */ (Object.values(bundle).filter((item) => item.type === 'chunk'));
  const target = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleId));
  if (!target) throw new Error(`${moduleId} has no chunk of its own in the build`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** @param {OutputChunk} chunk @param {Set<string>} seen */
  const closure = (chunk, seen = new Set()) => {
    if (!seen.has(chunk.fileName)) {
      seen.add(chunk.fileName);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) closure(imported, seen);
      }
    }
    return seen;
  };
  const loaded = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk)]));
  const scripts = [...closure(target)].filter((file) => !loaded.has(file));
  const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  return { scripts, styles };
}

/**
 * index.html with, in its head, the scripts preloaded (named as vite names the entry's own:
 * absolute, `crossorigin`, so that the preloaded copy is the one used) and the style sheets
 * inlined, and the page's markup in its root element. The form paints once the page has arrived;
 * each sheet is also preloaded for the page's chunk, which links it when it loads.
 * @param {string} indexHtml
 * @param {{ scripts: string[], styles: { file: string, css: string }[] }} files
 * @param {string} markup
 */
export function loginPageHtml(indexHtml, { scripts, styles }, markup) {
  const head = [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map(({ file }) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...styles.map(({ css }) => `<style>${css.replaceAll('</style', '<\\/style')}</style>`),
  ];
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  return indexHtml
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

/** The login page's markup, rendered by the app's own code in Node. @param {string} root */
export async function prerenderLoginPage(root) {
  const server = await createServer({
    root,
    configFile: false,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const module = await server.ssrLoadModule(PRERENDER_MODULE);
    return /** @type {string} */ (await module.renderLoginPage());
  } finally {
    await server.close();
  }
}

/** The vite plugin: once the files are written, login.html beside index.html. */
export function loginHtml() {
  /** @type {string} */
  let outDir = '';
  let root = '';
  return /** @type {import('vite').Plugin} */ ({
    name: 'rubrica-login-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { scripts, styles } = chunkFilesOf(/** @type {any} */ (bundle), LOGIN_PAGE_MODULE);
      const sheets = styles.map((file) => ({ file, css: readFileSync(path.join(outDir, file), 'utf8') }));
      const markup = await prerenderLoginPage(root);
      writeFileSync(path.join(outDir, LOGIN_HTML), loginPageHtml(index, { scripts, styles: sheets }, markup));
    },
  });
}
