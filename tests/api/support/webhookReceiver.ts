import { once } from 'node:events';
import { createServer, type Server } from 'node:http';

export type ReceivedWebhook = { path: string; body: string; signature: string; event: string };

/** A loopback HTTP server that records every webhook it receives and answers `status` (200). */
export async function startWebhookReceiver({ status = 200 }: { status?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        body,
        signature: String(request.headers['rubrica-signature'] ?? ''),
        event: String(request.headers['rubrica-event'] ?? ''),
      });
      response.writeHead(status).end(status === 204 ? undefined : 'ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
