import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EndpointDefinition, endpoint } from '../../contract/define.js';
import { queryRows } from '../../server/db/client.js';
import { streamXlsx } from '../../server/export/xlsx.js';
import type { Handler } from '../../server/http/handlers.js';
import { createLogger } from '../../server/logger.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** Two downloads whose query fails: before the first row, and after rows were already sent. */
const exportEndpoint = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    summary: 'Exportación de prueba.',
    area: 'Pruebas',
    scope: 'public',
    permissions: [],
    body: z.object({ search: z.string().max(50).optional() }),
    reply: z.unknown(),
    produces: 'xlsx',
  });
const endpoints: Record<string, EndpointDefinition> = {
  failsAtOnce: exportEndpoint('fails_at_once'),
  failsMidway: exportEndpoint('fails_midway'),
};

const SECRET_VALUE = 'valor-secreto-del-filtro';
let t: TestApp;
const logLines: string[] = [];

function exportHandler(rowsBeforeFailure: number): Handler<EndpointDefinition> {
  const handler = async ({ deps }: { deps: TestApp['deps'] }) => {
    async function* batches() {
      if (rowsBeforeFailure > 0) {
        yield Array.from({ length: rowsBeforeFailure }, (_, index) => ({
          id: index + 1,
          name: randomBytes(100).toString('hex'),
        }));
      }
      // The database refuses the query; its parameter must not reach the log.
      await queryRows(deps.database.db, sql`SELECT ${SECRET_VALUE}::int AS id`);
    }
    return {
      file: {
        filename: 'prueba.xlsx',
        stream: streamXlsx({
          sheetName: 'Prueba',
          columns: [{ header: 'Nombre', value: (row: { name: string }) => row.name }],
          batches: batches(),
        }),
      },
    };
  };
  return handler as unknown as Handler<EndpointDefinition>;
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    endpoints,
    handlers: { failsAtOnce: exportHandler(0), failsMidway: exportHandler(5000) },
    logger: createLogger('info', sink),
  });
});
afterAll(() => t.close());

describe('a download whose query fails', () => {
  it('answers a clean Spanish 500 in JSON when it fails before the first byte, and logs no parameter', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/fails_at_once', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Error interno del servidor' });
    const log = logLines.join('');
    expect(log).toContain('Error no controlado');
    expect(log).not.toContain(SECRET_VALUE);
  });

  it('ends the download early when it fails after the first bytes, without an English error', async () => {
    const response = await t.app
      .inject({ method: 'POST', url: '/api/fails_midway', payload: {} })
      .catch(() => ({ statusCode: 0, body: '', json: () => ({}) }));
    // Either nothing had left yet (a JSON error), or the headers had and the transfer is cut short.
    expect(response.body).not.toMatch(/FST_ERR|Internal Server Error/);
    if (response.statusCode >= 400)
      expect(response.json()).toEqual({ message: 'Error interno del servidor' });
    else expect(response.statusCode === 0 || response.statusCode === 200).toBe(true);
    expect(logLines.join('')).not.toContain(SECRET_VALUE);
  });
});
