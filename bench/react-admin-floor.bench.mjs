// The floor under issue 21's "first list screen ≤ 350 KB gzip": the JavaScript of the smallest
// react-admin list screen (bench/react-admin-floor/main.tsx: one list with filters, an auth
// provider and a catalogue, no app code), built by Vite with the product's React plugin and
// minifier into ONE file (the best case for compression), gzip at zlib's default level as
// login-page.bench.mjs weighs the product's files.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ROOT, tmpDir } from './lib.mjs';

/** Builds the app, no server needed. */
export const needsBuild = false;

/** @param {import('../scripts/bench.mjs').BenchContext} context */
export default async function floor({ log }) {
  const outDir = tmpDir('rubrica-ra-floor-');
  await build({
    root: path.join(ROOT, 'bench', 'react-admin-floor'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const assets = path.join(outDir, 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const gzip = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0);
  const kib = Math.round((gzip / 1024) * 10) / 10;
  log(`${scripts.length} file(s), ${kib} KiB gzip`);
  return [
    {
      name: 'react_admin_floor.js_gzip',
      label: 'JavaScript of the smallest react-admin list screen (one file, gzip)',
      value: kib,
      unit: 'KiB',
    },
  ];
}
