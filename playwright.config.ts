import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './tests/e2e/support/chromium.mjs';

/**
 * End-to-end tests against the built app (`npm run build` first) on a fresh database.
 *
 * - Browser: Debian's Chromium (`/usr/bin/chromium`); Playwright never downloads one here.
 * - Server: `node dist/server/main.js` on E2E_PORT (default 3100; `npm test` picks a free one)
 *   with an empty DATA_DIR under .tmp/ (embedded PGlite) and a seeded administrator whose
 *   credentials reach the specs as E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD.
 * - Projects: `desktop` (1440×900) runs every spec; `mobile` (390×844, touch) runs only tests
 *   tagged `@mobile` (`test('…', { tag: '@mobile' }, …)`), which keeps the suite fast on 2 cores.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `.tmp/e2e-data-${port}`;
// The mailbox's SMTP and HTTP ports sit just above the app's.
const smtpPort = port + 1;
const mailboxPort = port + 2;
process.env.E2E_MAILBOX_PORT = String(mailboxPort);

// Set here so spec files (loaded in worker processes that re-read this config) see them too.
const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'admin@rubrica.test';
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'E2e-Admin-Passw0rd!';
process.env.E2E_ADMIN_EMAIL = adminEmail;
process.env.E2E_ADMIN_PASSWORD = adminPassword;
process.env.E2E_BASE_URL = baseURL;
// Where the server keeps its files, the platform CA among them (specs check sealed PDFs against it).
process.env.E2E_DATA_DIR = dataDir;

const chromium = chromiumLaunch();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/playwright-results',
  // One server and one database for the whole run: specs create their own data with unique names.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A retry only diagnoses: scripts/test.mjs counts a test that passed on retry as failed.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Sized for a 2-core machine that also runs another suite: the longest specs walk through a
  // dozen screens and take ~30 s there. Every wait inside is on a condition, so a passing test
  // never waits for these limits; they only bound a broken one.
  timeout: 150_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // The app honours a system's request for less motion (src/theme/motion.ts): no transition
    // or ripple to wait for, and none drawing frames on the machine's two cores.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      grep: /@mobile/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        // A phone's layout is its CSS width; painting it at the phone's pixel density would cost
        // the machine's two cores (no GPU) several times the pixels for no finding of ours.
        deviceScaleFactor: 1,
      },
    },
  ],
  webServer: [
    {
      // A real SMTP server on loopback that the specs read through HTTP (tests/e2e/support/mail.ts).
      command: 'exec node --import tsx tests/e2e/support/mailbox.ts',
      url: `http://127.0.0.1:${mailboxPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAILBOX_PORT: String(mailboxPort) },
    },
    {
      // Empty data directory, then migrations + base seed + tests/e2e/fixtures, then the built server.
      command: `rm -rf ${dataDir} && node --import tsx tests/e2e/support/seed.ts && exec node dist/server/main.js`,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Empty = embedded PGlite, even when the shell has a DATABASE_URL (E2E_DATABASE_URL overrides).
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        // Required with a DATABASE_URL (it encrypts the secrets kept there); PGlite ignores it.
        SECRETS_KEY: process.env.SECRETS_KEY || Buffer.alloc(32, 0x45).toString('base64'),
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: baseURL,
        JOB_POLL_MS: '200',
        // Every spec signs in from 127.0.0.1: the default 20/min per address would throttle the suite.
        SIGNIN_RATE_LIMIT_PER_MINUTE: '1000',
        // Recovery and code specs also come from one address.
        RATE_LIMIT_SCALE: '50',
        // The request API spec's webhook receiver listens on loopback.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      },
    },
  ],
});
