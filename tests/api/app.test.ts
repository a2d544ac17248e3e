import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/define.js';
import { WEBHOOK_EVENT_TYPES } from '../../contract/endpoints/webhooks.js';
import { endpoints } from '../../contract/index.js';
// @ts-expect-error a build script in plain JavaScript, without declarations
import { compressWeb } from '../../scripts/compress-web.mjs';
import { buildApp } from '../../server/app.js';
import { createTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
const BIG_SCRIPT = `${'export const saludo = "¡Hola, firmante!";\n'.repeat(200)}`;
const webRoot = mkdtempSync(join(tmpdir(), 'rubrica-web-'));
const LOGIN_HTML =
  '<!doctype html><title>Rúbrica</title><link rel="modulepreload" href="/assets/LoginPage-abc.js"><div id="root"></div>';

beforeAll(async () => {
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Rúbrica</title><div id="root"></div>');
  writeFileSync(join(webRoot, 'login.html'), LOGIN_HTML);
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'assets', 'big-def456.js'), BIG_SCRIPT);
  // What the build does after vite: .br and .gz copies beside each file.
  compressWeb(webRoot);
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

describe('start-up', () => {
  it('refuses to start when a contract entry has no handler, naming it', async () => {
    const withExtra = {
      ...endpoints,
      getUnservedFigures: endpoint({
        method: 'GET',
        path: 'get_unserved_figures/{id}',
        summary: 'x',
        area: 'User',
        scope: 'company',
        permissions: ['dashboard.list'],
        params: z.object({ id: z.coerce.number() }),
        reply: z.object({}),
      }),
    };
    await expect(buildApp(t.deps, { endpoints: withExtra })).rejects.toThrow(
      /«getUnservedFigures» \(GET get_unserved_figures\/\{id\}\) del contrato no tiene handler/,
    );
  });
});

describe('GET /api/health', () => {
  it('reports the database kind, the migration version and the uptime', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.status).toBe('ok');
    expect(data.database).toBe(process.env.TEST_DB === 'postgres' ? 'postgresql' : 'pglite');
    expect(data.migration.applied).toBeGreaterThanOrEqual(1);
    expect(data.migration.latest).toMatch(/^\d{4}_/);
    expect(data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('API docs', () => {
  it('lists every contract endpoint in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const [name, entry] of Object.entries(endpoints)) {
      const operation = document.paths[`/api/${entry.path}`]?.[entry.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
    }
  });

  it('is a valid OpenAPI 3.1 document, its sends declaring the Idempotency-Key header', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect([validator.version, result.valid]).toEqual(['3.1', true]);
    const send = document.paths['/api/process_signature_request'].post;
    expect(send.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
  });

  it('documents every webhook event with its body and how to verify its signature', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const sealed = document.webhooks['request.sealed'].post;
    expect(sealed.parameters).toContainEqual(
      expect.objectContaining({ name: 'Rubrica-Signature', in: 'header' }),
    );
    const data = sealed.requestBody.content['application/json'].schema.properties.data.properties;
    expect(data.documents.items.properties).toHaveProperty('certificateUrl');
    expect(
      document.webhooks['signer.rejected'].post.requestBody.content['application/json'].schema.properties.data
        .properties,
    ).toHaveProperty('reason');
    expect(sealed.description).toMatch(/HMAC-SHA256/);
    expect(document.info.description).toContain('## Webhooks');
  });

  it('serves a browsable page at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});

describe('web app serving', () => {
  it.each(['/', '/session/login', '/user/company/update/5'])(
    'answers %s with index.html (history fallback)',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it("answers /session/login with the build's login page, which carries the form and preloads its chunks", async () => {
    const response = await t.app.inject({ url: '/session/login', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LOGIN_HTML);
  });

  it.each(['/', '/session/login?unlock=abc', '/user/company', '/signature-request/abc', '/session/login/x'])(
    'answers %s with index.html, without the login chunks',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('LoginPage');
    },
  );

  it.each(['/session/login', '/user/company'])(
    'has %s revalidated on every visit: a kept page would name chunks a new build removed',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends the security headers', async () => {
    const response = await t.app.inject({ url: '/session/login' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets frames show only our pages and the PDFs the app builds in memory (blob:), and no plugins', async () => {
    const response = await t.app.inject({ url: '/document/5' });
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'frame-src': "'self' blob:",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(directives['child-src']).toBeUndefined();
  });

  it('serves hashed assets with a long cache and no fallback for a missing asset', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/nope.js' })).statusCode).toBe(404);
  });

  it("sends the build's compressed copy to a browser that accepts it, and the file as is otherwise", async () => {
    const brotli = await t.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    // The build's copy itself (best compression), not one made per request.
    expect(brotli.rawPayload.equals(readFileSync(join(webRoot, 'assets', 'big-def456.js.br')))).toBe(true);
    const gzip = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await t.app.inject({ url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('compresses an API reply over 1 KiB for a client that accepts it', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    const openApi = JSON.parse(gunzipSync(docs.rawPayload).toString());
    expect(Object.keys(openApi.paths).length).toBeGreaterThan(100);
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(openApi);
  });

  it('answers an unknown API path with a Spanish JSON 404, not the web app', async () => {
    const response = await t.app.inject({ url: '/api/no_existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'La ruta solicitada no existe' });
  });
});
