// `npm run build:server`: bundles server/main.ts into dist/server/main.js, then prepares
// dist/pglite-image, the embedded database that a first start copies (see server/db/pgliteImage.ts).
//
// Dependencies stay external (installed in node_modules, loaded by Node): native and WASM
// packages (argon2, PGlite) cannot be bundled, and it keeps the bundle step to ~1 s.
// Migrations are read at runtime from server/db/migrations relative to the project root.
// Stack traces map to the TypeScript with `NODE_OPTIONS=--enable-source-maps`.

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'dist', 'server');

const started = Date.now();
// Stale chunks from an earlier layout must not survive.
rmSync(OUT_DIR, { recursive: true, force: true });

async function bundle() {
  try {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: {
        main: 'server/main.ts',
        'build-pglite-image': 'server/db/build-pglite-image-cli.ts',
        // Documents compile in a child process, which runs this file (server/documents/renderProcess.ts).
        'render-process': 'server/documents/renderChild.ts',
        // `node dist/server/storage-move-to-s3.js`: moves DATA_DIR/files to the S3 bucket.
        'storage-move-to-s3': 'server/storage/moveToS3-cli.ts',
        // `node dist/server/backup.js backup|restore <folder>`: backup and restore (server/backup).
        backup: 'server/backup/backup-cli.ts',
      },
      outdir: 'dist/server',
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
    return true;
  } catch {
    // esbuild has already printed the errors with file and line.
    return false;
  }
}

/** initdb + migrations + reference data, in a process of its own: its memory is returned at exit. */
function prepareImage() {
  const imageStarted = Date.now();
  const result = spawnSync(process.execPath, [path.join(OUT_DIR, 'build-pglite-image.js')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) return false;
  console.log(`dist/pglite-image  (${Date.now() - imageStarted} ms)`);
  return true;
}

if (!(await bundle()) || !prepareImage()) process.exitCode = 1;
