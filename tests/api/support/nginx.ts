import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTools, missingReason } from '../../../scripts/system-tools.mjs';

export const NGINX_TEMPLATE = join(import.meta.dirname, '../../../deploy/nginx/rubrica.conf');
/** Why nginx cannot run here, or null. */
export const nginxMissing = missingReason(['nginx']);

/** The template with its marked lines pointed at this test's processes and port. */
export function renderNginxConfig(template: string, upstreams: string[], listen: string): string {
  const processLine = /^(\s*)server \S+;\s*# rubrica-process\n/gm;
  const listenLine = /^(\s*)listen \S+;\s*# rubrica-listen$/m;
  if (!processLine.test(template) || !listenLine.test(template))
    throw new Error('rubrica.conf: faltan las líneas marcadas «# rubrica-process» y «# rubrica-listen»');
  let first = true;
  return template
    .replace(processLine, (_line, indent: string) => {
      if (!first) return '';
      first = false;
      return upstreams.map((address) => `${indent}server ${address};\n`).join('');
    })
    .replace(listenLine, `$1listen ${listen};`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once `port` accepts a connection; rejects if the server process ended first. */
async function acceptsConnections(port: number, exited: () => string | null): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ended = exited();
    if (ended !== null) throw new Error(`nginx terminó al arrancar: ${ended}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (attempt > 600) throw new Error('nginx no abrió su puerto');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Debian's nginx on a loopback port of its own, running the shipped deploy/nginx/rubrica.conf in
 * front of `upstreams` (HOST:PORT each), under a temporary prefix; `stop` ends it and removes it.
 */
export async function startNginx(upstreams: string[]): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'rubrica-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const site = renderNginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), upstreams, `127.0.0.1:${port}`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'master_process on;',
      'worker_processes 1;',
      // Workers as root only when the test is root: they write temp files under this prefix.
      root ? 'user root;' : '',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      `  access_log ${join(prefix, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`,
      ),
      site,
      '}',
    ].join('\n'),
  );
  const binary = findTools().nginx as string;
  const nginx = spawn(
    binary,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exit: string | null = null;
  nginx.on('exit', (code) => {
    exit = `código ${code}: ${stderr}${readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')}`;
  });
  try {
    await acceptsConnections(port, () => exit);
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    async stop() {
      if (exit === null) {
        const ended = new Promise((resolve) => nginx.once('exit', resolve));
        // Fast shutdown: a graceful one waits a minute on its idle upstream connections.
        nginx.kill('SIGTERM');
        await ended;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
