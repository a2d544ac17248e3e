import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTools, missingReason } from '../../../scripts/system-tools.mjs';
import { freePort } from './processes.js';

/** The shipped nginx config (with lines marked «# rubrica-process» and «# rubrica-listen»). */
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

/** Resolves once `port` accepts a connection; rejects if the process ended first. */
async function acceptsConnections(port: number, exited: () => string | null): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ended = exited();
    if (ended !== null) throw new Error(`nginx terminó al arrancar: ${ended}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (attempt > 600) throw new Error('nginx no abrió su puerto');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type Nginx = { port: number; stop(): Promise<void> };

/**
 * Debian's nginx on a free loopback port, in a prefix of its own, serving the shipped site config
 * in front of `upstreams` (host:port); `stop` ends it and removes the prefix.
 */
export async function startNginx(upstreams: string[], listenPort?: number): Promise<Nginx> {
  const port = listenPort ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), 'rubrica-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const site = renderNginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), upstreams, `127.0.0.1:${port}`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const errorLog = join(prefix, 'logs', 'error.log');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'master_process on;',
      'worker_processes 1;',
      // Workers as root only when the test is root: they write temp files under this prefix.
      root ? 'user root;' : '',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(prefix, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`,
      ),
      site,
      '}',
    ].join('\n'),
  );
  const nginx: ChildProcess = spawn(
    findTools().nginx as string,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', errorLog],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exit: string | null = null;
  nginx.on('exit', (code) => {
    exit = `código ${code}: ${stderr}${readFileSync(errorLog, 'utf8')}`;
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
        const ended = once(nginx, 'exit');
        // Fast shutdown: a graceful one waits a minute on its idle upstream connections.
        nginx.kill('SIGTERM');
        await ended;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
