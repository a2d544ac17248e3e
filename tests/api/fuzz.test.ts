import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/define.js';
import { endpoints } from '../../contract/index.js';
import { PERMISSIONS } from '../../contract/permissions.js';
import { createCompany, createRole, createUser } from '../../server/db/factories.js';
import { isSpanishMessage } from './support/sweep.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * Hostile input to every contract route, as the platform administrator, as a customer company's
 * user holding every permission, and without a token: control characters in path, query and body
 * (nested too), bad percent-encoding, over-long path parameters and headers, huge bodies, wrong
 * content types. No probe may get a 5xx, a closed connection, or a 4xx without a Spanish message;
 * a router-level refusal echoes nothing the client sent. Every probe holds a character the route
 * layer refuses before any handler runs, so the probes change nothing.
 */

const PASSWORD = 'Fuzz-Prueba-2026';
const ROLE_ALL = 903;
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u001b', '\u007f'];
const LONG_PARAM = 'a'.repeat(600);
const HUGE_BODY = `{"relleno":"${'x'.repeat(11 * 1024 * 1024)}"}`;

let t: TestApp;
const tokens: Record<'platformAdmin' | 'companyUser' | 'anonymous', string | undefined> = {
  platformAdmin: undefined,
  companyUser: undefined,
  anonymous: undefined,
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await createRole(db, { id: ROLE_ALL, name: 'Todos los permisos (fuzz)', permissions: PERMISSIONS });
  const companyId = await createCompany(db, { fiscalName: 'Fuzz S.A.S.', taxId: '900999888-1' });
  await createUser(db, {
    companyId,
    roleId: ROLE_ALL,
    name: 'Fuzz',
    lastName: 'Empresa',
    email: 'fuzz@empresa.test',
    password: PASSWORD,
  });
  tokens.platformAdmin = await t.signin(ADMIN.email, ADMIN.password);
  tokens.companyUser = await t.signin('fuzz@empresa.test', PASSWORD);
});
afterAll(() => t.close());

/** `mayPass`: a public route may answer it normally (a lenient query parser, a long harmless header). */
type Probe = { label: string; request: InjectOptions; echo?: string; mayPass?: boolean };

const routes = Object.entries(endpoints as Record<string, EndpointDefinition>);
const paramNames = (entry: EndpointDefinition) =>
  [...entry.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
const urlOf = (entry: EndpointDefinition, values: Record<string, string> = {}) =>
  `/api/${entry.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(entry.example?.params?.[name] ?? 1))}`;
const shapeKeys = (schema: unknown) =>
  schema && typeof schema === 'object' && 'shape' in schema
    ? Object.keys((schema as { shape: object }).shape)
    : [];

/** Control characters wherever this route takes text. */
function inputProbes(name: string, entry: EndpointDefinition, token: string | undefined): Probe[] {
  const headers = token ? bearer(token) : {};
  const probes: Probe[] = [];
  const body = (payload: unknown): InjectOptions['payload'] =>
    entry.method === 'GET' ? undefined : (payload as InjectOptions['payload']);
  for (const [index, control] of CONTROL_CHARACTERS.entries()) {
    const encoded = encodeURIComponent(`a${control}`);
    for (const param of paramNames(entry)) {
      probes.push({
        label: `${name}: parámetro ${param} con U+${control.charCodeAt(0).toString(16)}`,
        request: {
          method: entry.method,
          url: urlOf(entry, { [param]: encoded }),
          headers,
          payload: body({}),
        },
      });
    }
    const queryKeys = shapeKeys(entry.query);
    for (const key of queryKeys.length ? queryKeys : ['q']) {
      probes.push({
        label: `${name}: consulta ${key} con U+${control.charCodeAt(0).toString(16)}`,
        request: {
          method: entry.method,
          url: `${urlOf(entry)}?${key}=${encoded}`,
          headers,
          payload: body({}),
        },
      });
    }
    if (entry.method === 'GET') continue;
    const example = (entry.example?.body ?? {}) as Record<string, unknown>;
    const keys = shapeKeys(entry.body);
    for (const key of keys.length ? keys : ['texto']) {
      probes.push({
        label: `${name}: cuerpo ${key} con U+${control.charCodeAt(0).toString(16)}`,
        request: {
          method: entry.method,
          url: urlOf(entry),
          headers,
          payload: { ...example, [key]: `a${control}` },
        },
      });
    }
    // Once per route is enough for the deeper shapes.
    if (index > 0) continue;
    probes.push(
      {
        label: `${name}: cuerpo anidado con control`,
        request: {
          method: entry.method,
          url: urlOf(entry),
          headers,
          payload: { ...example, anidado: { lista: ['bien', `mal${control}`] } },
        },
      },
      {
        label: `${name}: cuerpo con un sustituto UTF-16 suelto`,
        request: {
          method: entry.method,
          url: urlOf(entry),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"texto":"\\ud800"}',
        },
      },
    );
  }
  return probes;
}

/** Router and parser level: the same for everyone, so sent once per route without a token. */
function routerProbes(name: string, entry: EndpointDefinition): Probe[] {
  const probes: Probe[] = [];
  const [param] = paramNames(entry);
  if (param) {
    probes.push(
      {
        label: `${name}: %zz en la ruta`,
        request: { method: entry.method, url: urlOf(entry, { [param]: '%zz' }) },
        echo: '%zz',
      },
      {
        label: `${name}: % suelto en la ruta`,
        request: { method: entry.method, url: urlOf(entry, { [param]: 'a%' }) },
      },
      {
        label: `${name}: parámetro de 600 caracteres`,
        request: { method: entry.method, url: urlOf(entry, { [param]: LONG_PARAM }) },
        echo: LONG_PARAM,
      },
    );
  }
  probes.push(
    {
      label: `${name}: consulta mal codificada`,
      request: { method: entry.method, url: `${urlOf(entry)}?q=%zz%` },
      mayPass: true,
    },
    {
      label: `${name}: encabezados enormes y con control`,
      request: {
        method: entry.method,
        url: urlOf(entry),
        headers: {
          'x-relleno': 'r'.repeat(32 * 1024),
          authorization: 'Bearer a\u0001b',
          'user-agent': 'ua\u0000',
        },
      },
      mayPass: true,
    },
  );
  if (entry.method !== 'GET') {
    probes.push(
      {
        label: `${name}: cuerpo de 11 MiB`,
        request: {
          method: entry.method,
          url: urlOf(entry),
          headers: { 'content-type': 'application/json' },
          payload: HUGE_BODY,
        },
      },
      {
        label: `${name}: tipo de contenido desconocido`,
        request: {
          method: entry.method,
          url: urlOf(entry),
          headers: { 'content-type': 'text/x-raro' },
          payload: 'hola',
        },
      },
      {
        label: `${name}: JSON con charset inválido`,
        request: {
          method: entry.method,
          url: urlOf(entry),
          headers: { 'content-type': 'application/json; charset=ebcdic' },
          payload: '{}',
        },
      },
    );
  }
  return probes;
}

async function run(probe: Probe): Promise<string | null> {
  let response: LightMyRequestResponse;
  try {
    response = await t.app.inject(probe.request);
  } catch (error) {
    return `${probe.label}: sin respuesta (${(error as Error).message.slice(0, 80)})`;
  }
  const status = response.statusCode;
  if (status >= 500) return `${probe.label}: ${status}`;
  if (status < 400) return probe.mayPass ? null : `${probe.label}: ${status}, se esperaba un rechazo 4xx`;
  let message: unknown;
  try {
    message = (response.json() as { message?: unknown }).message;
  } catch {
    return `${probe.label}: ${status} sin JSON`;
  }
  if (!isSpanishMessage(message))
    return `${probe.label}: ${status} sin mensaje en español (${String(message)})`;
  if (probe.echo && response.body.includes(probe.echo)) return `${probe.label}: ${status} repite lo enviado`;
  return null;
}

async function runAll(probes: Probe[]): Promise<string[]> {
  const problems: string[] = [];
  for (const probe of probes) {
    const problem = await run(probe);
    if (problem) problems.push(problem);
  }
  return problems;
}

describe('API fuzz over every contract route', () => {
  it('router and parser errors: Spanish 4xx, nothing echoed, no 5xx', async () => {
    const probes = routes.flatMap(([name, entry]) => routerProbes(name, entry));
    expect(probes.length).toBeGreaterThan(routes.length * 2);
    expect(await runAll(probes)).toEqual([]);
  });

  for (const who of ['platformAdmin', 'companyUser', 'anonymous'] as const) {
    it(`control characters everywhere, ${who}: Spanish 4xx, no 5xx`, async () => {
      const probes = routes.flatMap(([name, entry]) => inputProbes(name, entry, tokens[who]));
      expect(await runAll(probes)).toEqual([]);
    });
  }

  it('control characters answer 400 (path, query) or 422 (body) naming the field, for the administrator', async () => {
    const faq = await t.app.inject({ url: '/api/faq_articles?q=%00' });
    expect(faq.statusCode).toBe(400);
    expect(faq.json()).toEqual({
      message: 'No se permiten caracteres de control en los parámetros de la solicitud',
      errors: { q: 'No se permiten caracteres de control' },
    });
    const assignments = await t.app.inject({
      method: 'POST',
      url: '/api/export_packages_assignments',
      headers: bearer(tokens.platformAdmin!),
      payload: { search: 'a\u0000' },
    });
    expect(assignments.statusCode).toBe(422);
    expect(assignments.json().errors).toEqual({ search: 'No se permiten caracteres de control' });
    // Multi-line text keeps tab, line feed and carriage return.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: ADMIN.email, password: 'a\tb\r\nc' },
    });
    expect(signin.statusCode).toBe(401);
  });

  it('answers every /api JSON reply with Cache-Control: no-store, sign-in and personal data included', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ url: '/api/get_users/1', headers: bearer(signin.json().data.token) });
    expect(me.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/no-existe', '/api/get_users/%zz', `/api/get_users/${LONG_PARAM}`]) {
      expect((await t.app.inject({ url })).headers['cache-control']).toBe('no-store');
    }
  });
});
