import { execFileSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The registration barrels (scripts/registry.mjs) are derived files: write them before any test loads.
execFileSync(process.execPath, ['scripts/registry.mjs'], { stdio: 'inherit' });

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
          // Safety nets only (tests wait on conditions): sized for a 2-core machine at a load of 10+.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // Rendering a screen in jsdom takes seconds on a loaded machine, and the first test of a
          // file also pays for loading its screen (the rich-text editor alone took 30 s at load 12).
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Its own step of `npm test` (after the build): a copy of the repository gains a resource.
        test: {
          name: 'add-resource',
          include: ['tests/add-resource/*.test.ts'],
          environment: 'node',
          testTimeout: 8 * 60_000,
          hookTimeout: 3 * 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/setup/global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PGlite or PostgreSQL database per file; files run in parallel on 2 cores.
          fileParallelism: true,
          // A worker keeps its loaded modules from file to file: importing the server again for
          // each of 80 files cost ~450 s of CPU per run. Files share no state: each opens its own
          // app and database, and per-process caches are keyed by database (listAnchors, trust).
          isolate: false,
        },
      },
    ],
  },
});
