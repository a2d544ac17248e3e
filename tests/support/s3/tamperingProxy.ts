import { createHash, type Hash } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';

export type TamperingProxy = {
  endpoint: string;
  /** The head (request line and headers) of every request that went through, in order. */
  heads: string[];
  /** The MD5 (hex) of each request body as the server received it, by its head's index. */
  bodyMd5s: Map<number, string>;
  /** Flips one byte in the body of the next `count` PUT requests (objects and parts alike). */
  corruptNextPuts(count: number): void;
  stop(): Promise<void>;
};

/**
 * A TCP relay in front of a loopback S3 server that can damage request bodies on the way: bytes
 * changed in transit, as a faulty network or proxy would, with the real client and server at
 * both ends. It reads HTTP/1.1 requests with a Content-Length body, which the S3 client sends.
 */
export async function startTamperingProxy(target: string): Promise<TamperingProxy> {
  const { hostname, port } = new URL(target);
  const heads: string[] = [];
  const bodyMd5s = new Map<number, string>();
  const sockets = new Set<Socket>();
  let putsToCorrupt = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    client.on('end', () => upstream.end());
    let pending = Buffer.alloc(0);
    let bodyLeft = 0;
    let flipNext = false;
    let bodyHash: Hash | undefined;
    let headIndex = -1;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      while (pending.byteLength > 0) {
        if (bodyLeft > 0) {
          const body = Buffer.from(pending.subarray(0, Math.min(bodyLeft, pending.byteLength)));
          if (flipNext) {
            body[0] = (body[0] ?? 0) ^ 0xff;
            flipNext = false;
          }
          out.push(body);
          bodyHash?.update(body);
          bodyLeft -= body.byteLength;
          if (bodyLeft === 0) bodyMd5s.set(headIndex, bodyHash?.digest('hex') ?? '');
          pending = pending.subarray(body.byteLength);
          continue;
        }
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) break;
        const head = pending.subarray(0, end + 4);
        out.push(head);
        pending = pending.subarray(end + 4);
        const text = head.toString('latin1');
        headIndex = heads.push(text) - 1;
        bodyLeft = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0);
        bodyHash = createHash('md5');
        if (bodyLeft > 0 && text.startsWith('PUT ') && putsToCorrupt > 0) {
          putsToCorrupt -= 1;
          flipNext = true;
        }
      }
      if (out.length > 0) upstream.write(Buffer.concat(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    heads,
    bodyMd5s,
    corruptNextPuts(count) {
      putsToCorrupt = count;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
