// `npm run build:server`: bundles server/main.ts into dist/server/main.js.
//
// Dependencies stay external (installed in node_modules, loaded by Node): native and WASM
// packages (argon2, PGlite) cannot be bundled, and it keeps the build to ~1 s.
// Migrations are read at runtime from server/db/migrations relative to the project root.
// Stack traces map to the TypeScript with `NODE_OPTIONS=--enable-source-maps`.

import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'dist', 'server');

const started = Date.now();
// Stale chunks from an earlier layout must not survive.
rmSync(OUT_DIR, { recursive: true, force: true });

try {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    outfile: 'dist/server/main.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = result.metafile.outputs['dist/server/main.js']?.bytes ?? 0;
  console.log(`dist/server/main.js  ${(bytes / 1024).toFixed(0)} KiB  (${Date.now() - started} ms)`);
} catch {
  // esbuild has already printed the errors with file and line.
  process.exitCode = 1;
}
