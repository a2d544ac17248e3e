import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createUser } from '../../server/db/factories.js';
import { supportMessages, supportRequests } from '../../server/db/schema/index.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo, manualClock } from './support/mailbox.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Soporte-Prueba-2030';
const HOUR_MS = 3_600_000;
const BOGOTA_OFFSET_MS = 5 * HOUR_MS;

/**
 * A Friday at 17:00 in Bogotá, one to two weeks ahead: sessions begun on the test's clock are
 * checked against the database's, so a day already past would have expired them.
 */
function fridayAhead(): Date {
  const bogota = new Date(Date.now() - BOGOTA_OFFSET_MS);
  const days = ((5 - bogota.getUTCDay() + 7) % 7) + 7;
  const day = Date.UTC(bogota.getUTCFullYear(), bogota.getUTCMonth(), bogota.getUTCDate() + days);
  return new Date(day + 17 * HOUR_MS + BOGOTA_OFFSET_MS);
}

const FRIDAY_5PM = fridayAhead();
const MONDAY_9AM = new Date(FRIDAY_5PM.getTime() + (2 * 24 + 16) * HOUR_MS);
const MONDAY_11AM = new Date(MONDAY_9AM.getTime() + 2 * HOUR_MS);
/** The Bogotá date `days` after the Friday (1: Saturday). */
const dayAfterFriday = (days: number) =>
  new Date(FRIDAY_5PM.getTime() - BOGOTA_OFFSET_MS + days * 24 * HOUR_MS).toISOString().slice(0, 10);
const INTERNAL_NOTE = 'Nota reservada: el proveedor de SMS tuvo una caída';

const pdfBase64 = async () => {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  return Buffer.from(await document.save()).toString('base64');
};

describe(`support desk on ${testDatabaseKind}`, () => {
  const clock = manualClock(FRIDAY_5PM);
  let t: TestApp;
  let api: ReturnType<typeof endpointCaller>;
  let ids: TenantIds;
  const tokens: Record<'admin' | 'elena' | 'oscar' | 'bruno' | 'carla' | 'auditor', string> = {
    admin: '',
    elena: '',
    oscar: '',
    bruno: '',
    carla: '',
    auditor: '',
  };
  /** Sessions last hours; after moving the clock by days everyone signs in again. */
  const signInAll = async () => {
    tokens.admin = await t.signin(ADMIN.email, ADMIN.password);
    for (const [key, email] of [
      ['elena', 'elena@andina.test'],
      ['oscar', 'oscar@andina.test'],
      ['bruno', 'bruno@cali.test'],
      ['carla', 'carla@caribe.test'],
      ['auditor', 'auditor@andina.test'],
    ] as const) {
      tokens[key] = await t.signin(email, PASSWORD);
    }
  };
  let ticketId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    api = endpointCaller(t.app);
    ({ ids } = await createTenants(t, { password: PASSWORD }));
    await createUser(t.deps.database.db, {
      companyId: ids.andina,
      roleId: ROLE.auditor,
      name: 'Aurora',
      lastName: 'Auditora',
      email: 'auditor@andina.test',
      password: PASSWORD,
    });
    await signInAll();
  });
  afterAll(() => t.close());

  it('a company user opens a ticket with an attachment checked by the upload rules', async () => {
    const created = await api(tokens.oscar, 'createSupportRequest', {
      body: {
        subject: 'El firmante no recibe el código',
        category: 'firmas',
        priority: 'alta',
        message: 'Desde esta mañana los códigos por SMS no llegan.',
        attachments: [{ filename: 'captura.pdf', content_base64: await pdfBase64() }],
      },
    });
    expect(created.status, created.message).toBe(201);
    expect(created.message).toBe('Solicitud de soporte creada');
    expect(created.data).toMatchObject({
      status: 'abierto',
      company_id: ids.andina,
      created_by_name: 'Oscar Prueba',
      messages_count: 1,
      first_response_minutes: null,
    });
    expect(created.data.messages[0]!.attachments).toMatchObject([
      { filename: 'captura.pdf', content_type: 'application/pdf' },
    ]);
    ticketId = created.data.id;

    const attachment = created.data.messages[0]!.attachments[0]!;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/get_support_attachment/${ticketId}/${attachment.id}`,
      headers: { authorization: `Bearer ${tokens.oscar}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Caribe's administrator does not reach Andina's ticket or its files.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/get_support_attachment/${ticketId}/${attachment.id}`,
      headers: { authorization: `Bearer ${tokens.carla}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad input with Spanish 4xx messages', async () => {
    const missing = await api(tokens.oscar, 'createSupportRequest', { body: { message: 'Hola' } });
    expect(missing.status).toBe(422);
    expect(missing.message).toBe('Revise los datos de la solicitud de soporte');
    expect(missing.errors).toMatchObject({
      subject: 'Escriba el asunto',
      category: 'Seleccione la categoría',
    });

    const wrongStatus = await api(tokens.admin, 'saveSupportResponse', {
      body: { support_request_id: ticketId, message: 'Hola', status: 'inventado' },
    });
    expect(wrongStatus.status).toBeGreaterThanOrEqual(400);
    expect(wrongStatus.status).toBeLessThan(500);
    expect(wrongStatus.message).toMatch(/[áéíóú]|Revise|inválid/i);

    const notAPdf = await api(tokens.oscar, 'createSupportRequest', {
      body: {
        subject: 'Adjunto raro',
        category: 'otro',
        priority: 'baja',
        message: 'Va un archivo',
        attachments: [
          { filename: 'x.pdf', content_base64: Buffer.from('<html>hola</html>').toString('base64') },
        ],
      },
    });
    expect(notAPdf.status).toBe(415);
    expect(notAPdf.message).toMatch(/PDF, PNG, JPEG/);
    const [stored] = await t.deps.database.db
      .select({ n: count() })
      .from(supportRequests)
      .where(eq(supportRequests.subject, 'Adjunto raro'));
    expect(stored!.n).toBe(0);
  });

  it('keeps internal explanations away from the company', async () => {
    const note = await api(tokens.admin, 'saveInternalExplanation', {
      body: { support_request_id: ticketId, message: INTERNAL_NOTE, status: 'en_proceso' },
    });
    expect(note.status, note.message).toBe(200);
    expect(note.data.status).toBe('en_proceso');
    expect(note.data.messages.map((message) => message.kind)).toEqual(['message', 'internal']);

    const companyView = await t.app.inject({
      method: 'GET',
      url: `/api/get_support_request_by_user/${ticketId}`,
      headers: { authorization: `Bearer ${tokens.oscar}` },
    });
    expect(companyView.statusCode).toBe(200);
    expect(companyView.body).not.toContain(INTERNAL_NOTE);
    expect(companyView.json().data.messages).toHaveLength(1);

    const companyList = await api(tokens.elena, 'listCompanySupportRequests', { body: {} });
    expect(JSON.stringify(companyList.data)).not.toContain(INTERNAL_NOTE);
    expect(companyList.data.items.find((item) => item.id === ticketId)?.messages_count).toBe(1);

    const platformList = await api(tokens.admin, 'listSupportRequests', { body: {} });
    expect(platformList.data.items.find((item) => item.id === ticketId)?.messages_count).toBe(2);
    // No internal note reaches the company through the message it adds either.
    const reply = await api(tokens.oscar, 'createSupportRequest', {
      body: { support_request_id: ticketId, message: 'Quedo atento.' },
    });
    expect(reply.status).toBe(201);
    expect(JSON.stringify(reply.data)).not.toContain(INTERNAL_NOTE);
  });

  it('answers by e-mail in Spanish and times the first response in business hours', async () => {
    // Friday 17:00 → Monday 9:00 COT: one hour on Friday, one on Monday.
    clock.set(MONDAY_9AM);
    await signInAll();
    const answer = await api(tokens.admin, 'saveSupportResponse', {
      body: { support_request_id: ticketId, message: 'Ya restablecimos el envío de SMS.' },
    });
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toMatchObject({ status: 'esperando_cliente', first_response_minutes: 120 });

    const [mail] = await mailsTo(t, 'oscar@andina.test');
    expect(mail?.subject).toBe(
      `Respuesta a su solicitud de soporte #${ticketId}: El firmante no recibe el código`,
    );
    expect(mail?.text).toContain('Ya restablecimos el envío de SMS.');
    expect(mail?.text).toContain('Estado: Esperando al cliente.');
    expect(mail?.text).toContain('Tiempo de primera respuesta: 2 h 00 min');
    expect(mail?.text).not.toContain(INTERNAL_NOTE);

    // The company writes back: the ticket is worked on again.
    const back = await api(tokens.oscar, 'createSupportRequest', {
      body: { support_request_id: ticketId, message: 'Ya llegan, gracias.' },
    });
    expect(back.data.status).toBe('en_proceso');

    clock.set(MONDAY_11AM);
    await signInAll();
    const resolved = await api(tokens.admin, 'saveSupportResponse', {
      body: { support_request_id: ticketId, message: 'Cerramos el caso.', status: 'resuelto' },
    });
    expect(resolved.data).toMatchObject({
      status: 'resuelto',
      first_response_minutes: 120,
      resolution_minutes: 240,
    });
    expect(await mailsTo(t, 'oscar@andina.test')).toHaveLength(2);

    const closed = await api(tokens.admin, 'saveInternalExplanation', {
      body: { support_request_id: ticketId, message: 'Sin novedades.', status: 'cerrado' },
    });
    expect(closed.data).toMatchObject({ status: 'cerrado', resolution_minutes: 240 });
    // An internal note sends no e-mail.
    expect(await mailsTo(t, 'oscar@andina.test')).toHaveLength(2);

    const late = await api(tokens.oscar, 'createSupportRequest', {
      body: { support_request_id: ticketId, message: '¿Sigue abierto?' },
    });
    expect(late.status).toBe(409);
    expect(late.message).toMatch(/está cerrada/);
  });

  it('shows each company its own tickets and the platform all of them', async () => {
    const caribe = await api(tokens.carla, 'createSupportRequest', {
      body: {
        subject: 'Factura de noviembre',
        category: 'facturacion',
        priority: 'media',
        message: '¿Y la factura?',
      },
    });
    const branch = await api(tokens.bruno, 'createSupportRequest', {
      body: {
        subject: 'Usuario bloqueado',
        category: 'cuenta',
        priority: 'urgente',
        message: 'No puedo entrar.',
      },
    });
    expect([caribe.status, branch.status]).toEqual([201, 201]);

    const idsOf = async (token: string) =>
      (await api(token, 'listCompanySupportRequests', { body: {} })).data.items.map((item) => item.id).sort();
    expect(await idsOf(tokens.carla)).toEqual([caribe.data.id]);
    expect(await idsOf(tokens.bruno)).toEqual([branch.data.id]);
    // Andina sees its own and its branch's.
    expect(await idsOf(tokens.elena)).toEqual([ticketId, branch.data.id].sort());

    const all = await api(tokens.admin, 'listSupportRequests', { body: {} });
    const [rows] = await t.deps.database.db.select({ n: count() }).from(supportRequests);
    expect(all.data.total).toBe(rows!.n);
    expect(all.data.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([ticketId, caribe.data.id, branch.data.id]),
    );
    const filtered = await api(tokens.admin, 'listSupportRequests', {
      body: { company_id: ids.caribe, category: 'facturacion', status: 'abierto' },
    });
    expect(filtered.data.items.map((item) => item.id)).toEqual([caribe.data.id]);
    const byPriority = await api(tokens.admin, 'listSupportRequests', { body: { priority: 'urgente' } });
    expect(byPriority.data.items.map((item) => item.company_name)).toEqual(['Andina Cali']);
    const byDate = await api(tokens.admin, 'listSupportRequests', {
      body: { created_from: dayAfterFriday(1), created_until: dayAfterFriday(2) },
    });
    expect(byDate.data.total).toBe(0);

    expect((await api(tokens.carla, 'getCompanySupportRequest', { params: { id: ticketId } })).status).toBe(
      404,
    );
    expect(
      (
        await api(tokens.carla, 'createSupportRequest', {
          body: { support_request_id: ticketId, message: 'Hola' },
        })
      ).status,
    ).toBe(404);
    // A company answering or taking internal notes is refused.
    for (const name of ['saveSupportResponse', 'saveInternalExplanation'] as const) {
      const refused = await api(tokens.elena, name, {
        body: { support_request_id: ticketId, message: 'Yo' },
      });
      expect(refused.status).toBe(403);
    }
    expect((await api(tokens.elena, 'listSupportRequests', { body: {} })).status).toBe(403);
    // The auditor has no support permission at all.
    expect((await api(tokens.auditor, 'listCompanySupportRequests', { body: {} })).status).toBe(403);
    const [notes] = await t.deps.database.db
      .select({ n: count() })
      .from(supportMessages)
      .where(eq(supportMessages.kind, 'internal'));
    expect(notes!.n).toBe(2);
  });
});
