// Finds (and, as root, installs) the system programs the test and bench stages need:
// Debian's Chromium (Playwright never downloads a browser here), poppler's pdfsig and qpdf
// (independent checks of the PDFs we produce), the PostgreSQL 15 server binaries
// (throwaway cluster for the API suite on a real server) and nginx (the proxy test runs the
// shipped deploy/nginx/rubrica.conf in front of the app).
//
//   node scripts/system-tools.mjs            report what is present
//   node scripts/system-tools.mjs --install  install what is missing (root only), then report
//
// Exit code of the CLI: 0 when everything is present, 1 otherwise.

import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Directory of the PostgreSQL 15 server binaries on Debian (postgresql-15 package). */
export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * @typedef {object} Tool
 * @property {string} name        short name used by the scripts
 * @property {string} apt         Debian package that provides it
 * @property {string[]} candidates absolute paths or bare command names (looked up on PATH)
 * @property {string} neededBy    what breaks without it (printed in skip reasons)
 */

/** @type {Tool[]} */
export const TOOLS = [
  {
    name: 'chromium',
    apt: 'chromium',
    candidates: [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium'],
    neededBy: 'end-to-end tests (Playwright)',
  },
  { name: 'pdfsig', apt: 'poppler-utils', candidates: ['/usr/bin/pdfsig', 'pdfsig'], neededBy: 'PDF checks' },
  { name: 'qpdf', apt: 'qpdf', candidates: ['/usr/bin/qpdf', 'qpdf'], neededBy: 'PDF checks' },
  {
    name: 'certutil',
    apt: 'libnss3-tools',
    candidates: ['/usr/bin/certutil', 'certutil'],
    neededBy: 'seal checks (pdfsig trusting the platform CA through an NSS database)',
  },
  {
    name: 'nginx',
    apt: 'nginx',
    candidates: [process.env.NGINX_PATH ?? '/usr/sbin/nginx', 'nginx'],
    neededBy: 'API test behind a real proxy (tests/api/nginx-proxy.test.ts)',
  },
  {
    name: 'postgres',
    apt: 'postgresql-15',
    // initdb, pg_ctl and postgres must all come from the same major version.
    candidates: [path.join(PG_BIN_DIR, 'pg_ctl')],
    neededBy: 'API suite on PostgreSQL',
  },
];

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves a bare command name on PATH (like `command -v`).
 * @param {string} command
 * @returns {string | null}
 */
export function which(command) {
  if (command.includes('/')) return isExecutable(command) ? command : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, command);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** @param {Tool} tool */
function locate(tool) {
  if (tool.name === 'postgres') {
    const all = ['initdb', 'pg_ctl', 'postgres'].every((bin) => isExecutable(path.join(PG_BIN_DIR, bin)));
    return all ? PG_BIN_DIR : null;
  }
  for (const candidate of tool.candidates) {
    const found = which(candidate);
    if (found) return found;
  }
  return null;
}

/**
 * Where each tool is; null when missing. `postgres` is the bin directory, the others are files.
 * @returns {Record<string, string | null>}
 */
export function findTools() {
  return Object.fromEntries(TOOLS.map((tool) => [tool.name, locate(tool)]));
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The apt command that installs the given tools (default: those missing now).
 * @param {string[]} [names]
 */
export function installCommand(names = missingTools()) {
  const packages = [...new Set(TOOLS.filter((t) => names.includes(t.name)).map((t) => t.apt))];
  if (packages.length === 0) return '';
  const sudo = isRoot() ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/** @returns {string[]} names of the tools not found */
export function missingTools() {
  return Object.entries(findTools())
    .filter(([, where]) => !where)
    .map(([name]) => name);
}

/**
 * Why a stage cannot run, or null when the tools it needs are present.
 * @param {string[]} names tools the stage needs
 */
export function missingReason(names) {
  const found = findTools();
  const missing = names.filter((name) => !found[name]);
  if (missing.length === 0) return null;
  return `missing ${missing.join(', ')} — install with: ${installCommand(missing)}`;
}

/**
 * Installs missing tools with apt when running as root; otherwise prints the command.
 * Waits (up to 10 min) for another apt/dpkg holding the lock instead of failing.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {{ found: Record<string, string | null>, missing: string[] }}
 */
export function ensureTools({ log = console.error } = {}) {
  let missing = missingTools();
  if (missing.length === 0) return { found: findTools(), missing };
  if (!isRoot()) {
    log(`system-tools: missing ${missing.join(', ')}. Install them with:\n  ${installCommand(missing)}`);
    return { found: findTools(), missing };
  }
  const packages = [...new Set(TOOLS.filter((t) => missing.includes(t.name)).map((t) => t.apt))];
  log(`system-tools: installing ${packages.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const update = spawnSync('apt-get', [...lock, 'update'], { stdio: 'inherit', env });
  if (update.status === 0) {
    spawnSync('apt-get', [...lock, 'install', '-y', ...packages], { stdio: 'inherit', env });
  }
  missing = missingTools();
  if (missing.length > 0) log(`system-tools: still missing after apt-get: ${missing.join(', ')}`);
  return { found: findTools(), missing };
}

/** @param {Record<string, string | null>} found */
function printReport(found) {
  for (const tool of TOOLS) {
    const where = found[tool.name];
    console.log(
      `${where ? 'ok     ' : 'MISSING'} ${tool.name.padEnd(9)} ${where ?? `(${tool.apt}; needed by ${tool.neededBy})`}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = process.argv.includes('--install')
    ? ensureTools()
    : { found: findTools(), missing: missingTools() };
  printReport(result.found);
  if (result.missing.length > 0) console.log(`install with: ${installCommand(result.missing)}`);
  process.exitCode = result.missing.length === 0 ? 0 : 1;
}
