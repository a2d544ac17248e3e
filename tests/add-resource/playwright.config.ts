import path from 'node:path';
import { defineConfig } from '@playwright/test';
import repository from '../../playwright.config';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository's end-to-end setup (server, seed, browsers, projects), for this folder's spec. */
export default defineConfig({
  ...repository,
  testDir: '.',
  testMatch: 'cost-centers.spec.ts',
  outputDir: process.env.ADD_RESOURCE_RESULTS ?? path.join(root, '.tmp/add-resource-results'),
  reporter: [['list']],
  webServer: [repository.webServer ?? []].flat().map((server) => ({ ...server, cwd: root })),
});
