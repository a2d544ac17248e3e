import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Runs a TypeScript entry point in a child Node process (through tsx), collecting its output. */
export function spawnTs(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  return {
    child,
    output: () => output,
    /**
     * Resolves when the output contains `expected` (or the output satisfies it); rejects if the
     * process exits first or time runs out.
     */
    waitFor(expected: string | ((output: string) => boolean), timeoutMs = 60_000): Promise<void> {
      const seen = typeof expected === 'string' ? (text: string) => text.includes(expected) : expected;
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (seen(output)) {
            clearInterval(poll);
            resolve();
          } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
            clearInterval(poll);
            reject(
              new Error(
                `«${typeof expected === 'string' ? expected : expected.name}» no apareció (salida: ${output.slice(-2000)})`,
              ),
            );
          }
        }, 25);
      });
    },
  };
}

export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
