// How the end-to-end tests and the page benches start Debian's Chromium (plain JavaScript so that
// `npm run bench`, which runs without a TypeScript loader, shares it with playwright.config.ts).

/** Extra flags: no sandbox (root in CI), no GPU, nothing fetched from the internet at start. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright's launch options for Debian's Chromium (`CHROMIUM_PATH` to use another). */
export const chromiumLaunch = (extraArgs = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, ...extraArgs],
});
