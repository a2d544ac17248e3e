// A build step of `vite build` (vite.config.ts): writes dist/web/login.html, index.html with the
// login page's chunks and style sheet named in its head. The server sends it for the login paths
// (server/http/spa.ts), so a phone fetches the page's own code beside the entry chunk instead of
// one round trip after the entry has run (issue 21: the login page's LCP). Other pages keep
// index.html: the signer's pages must not pay for the login page.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The module whose chunk the login page needs (App.tsx imports it on demand). */
export const LOGIN_PAGE_MODULE = 'src/login/LoginPage.tsx';
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
 * index.html with the scripts preloaded and the style sheets linked at the end of its head (as
 * vite names the entry's own: absolute, `crossorigin`, so the preloaded copy is the one used).
 * @param {string} indexHtml
 * @param {{ scripts: string[], styles: string[] }} files
 */
export function withPreloads(indexHtml, { scripts, styles }) {
  const links = [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  return indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The vite plugin: once the files are written, login.html beside index.html. */
export function loginHtml() {
  /** @type {string} */
  let outDir = '';
  return /** @type {import('vite').Plugin} */ ({
    name: 'rubrica-login-html',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const files = chunkFilesOf(/** @type {any} */ (bundle), LOGIN_PAGE_MODULE);
      writeFileSync(path.join(outDir, LOGIN_HTML), withPreloads(index, files));
    },
  });
}
