// The current Node.js LTS line beside the one running the tests: the unit and API suites run on
// both (Node 20 is past its end of life; the product must run on 24). The npm registry serves
// Node itself as the `node` package, installed once into .tmp/node-lts.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LTS_MAJOR = 24;
const PREFIX = path.join(ROOT, '.tmp', 'node-lts');
const BINARY = path.join(PREFIX, 'node_modules', 'node', 'bin', 'node');

/** The major version of a `node` binary, or null when it does not run. */
function majorOf(/** @type {string} */ binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const match = /^v(\d+)\./.exec(result.stdout ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * A Node.js `LTS_MAJOR` binary: installed from the npm registry on first use.
 * @returns {{ binary: string } | { missing: string }}
 */
export function nodeLts({ log = console.log } = {}) {
  if (existsSync(BINARY) && majorOf(BINARY) === LTS_MAJOR) return { binary: BINARY };
  log(`node-lts: installing Node.js ${LTS_MAJOR} from the npm registry into ${path.relative(ROOT, PREFIX)}`);
  const install = spawnSync(
    'npm',
    ['install', '--prefix', PREFIX, '--no-save', '--no-audit', '--no-fund', `node@${LTS_MAJOR}`],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10 * 60_000 },
  );
  if (install.status === 0 && existsSync(BINARY) && majorOf(BINARY) === LTS_MAJOR) return { binary: BINARY };
  const why = (install.stderr || install.stdout || String(install.error ?? ''))
    .trim()
    .split('\n')
    .slice(-3)
    .join(' ');
  return {
    missing: `Node.js ${LTS_MAJOR} could not be installed (npm install node@${LTS_MAJOR}: ${why || `exit ${install.status}`})`,
  };
}
