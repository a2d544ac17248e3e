import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { queryRows } from '../../server/db/client.js';
import { createUser } from '../../server/db/factories.js';
import { MailDeliveryError, type MailTransport } from '../../server/mail/mailer.js';
import { createTestRequest, type TestRequest } from '../../server/requests/core/factories.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo } from './support/mailbox.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** The outbox, except that a mail server refuses (5xx) any address with "rebota" in it. */
const bouncingTransport: MailTransport = {
  name: 'outbox',
  deliver: async (message) => {
    if (message.to.includes('rebota')) {
      throw new MailDeliveryError('550 5.1.1 El buzón no existe', true);
    }
    return null;
  },
};

type TrackedRow = { id: number; company_id: number; to: string; status: string; kind: string };

describe(`e-mail tracker on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let carla: string;
  let call: ReturnType<typeof endpointCaller>;
  let andina: TestRequest;
  let caribe: TestRequest;

  const count = async (where = sql`true`) => {
    const [row] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS n FROM signature_request_emails e
          LEFT JOIN mail_outbox m ON m.id = e.mail_id WHERE ${where}`,
    );
    return Number(row!.n);
  };
  const list = async (token: string, body: Record<string, unknown> = {}) => {
    const reply = await call(token, 'listTrackedEmails', { body: { itemsPerPage: 100, ...body } });
    expect(reply.status).toBe(200);
    return reply.data as unknown as { items: (TrackedRow & Record<string, unknown>)[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestApp({ transport: bouncingTransport });
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    carla = await t.signin('carla@caribe.test', 'Clave-Segura-2026');
    call = endpointCaller(t.app);
    // Sent through the product's sending flow: each invitation is recorded and queued for the mailer.
    andina = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato Andina',
      signingOrder: 'parallel',
      signers: [
        { name: 'Ana Lectora', email: 'ana.lectora@correo.test' },
        { name: 'Rita Rebota', email: 'rita.rebota@correo.test' },
      ],
    });
    await createTestRequest(t.deps, {
      companyId: ids.branch,
      title: 'Contrato Cali',
      signers: [{ name: 'Beto Cali', email: 'beto.cali@correo.test' }],
    });
    caribe = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      title: 'Contrato Caribe',
      signers: [{ name: 'Caro Caribe', email: 'caro.caribe@correo.test' }],
    });
    await t.deps.queue.drain();
  });
  afterAll(() => t.close());

  it('lists every request e-mail for the platform and only its own (and branches) for a company', async () => {
    const all = await list(tokens.admin);
    expect(all.total).toBe(await count());
    expect(all.items).toHaveLength(await count());

    const own = await list(tokens.elena);
    expect(own.total).toBe(await count(sql`e.company_id IN (${ids.andina}, ${ids.branch})`));
    expect(own.items.map((row) => row.to).sort()).toEqual([
      'ana.lectora@correo.test',
      'beto.cali@correo.test',
      'rita.rebota@correo.test',
    ]);
    const caribeView = await list(carla);
    expect(caribeView.items.map((row) => row.to)).toEqual(['caro.caribe@correo.test']);

    // Another company's request or e-mail is not found; the operator lacks the permission.
    expect(
      (await call(tokens.elena, 'listTrackedEmails', { body: { request_id: caribe.requestId } })).status,
    ).toBe(404);
    const [caribeMail] = caribeView.items;
    expect((await call(tokens.elena, 'getTrackedEmail', { params: { id: caribeMail!.id } })).status).toBe(
      404,
    );
    expect((await call(tokens.oscar, 'listTrackedEmails', { body: {} })).status).toBe(403);
  });

  it('shows bounces with the server reply, and counts opens with the first and last', async () => {
    const bounced = await list(tokens.elena, { status: 'bounced' });
    expect(bounced.items).toHaveLength(1);
    expect(bounced.items[0]).toMatchObject({
      to: 'rita.rebota@correo.test',
      status: 'bounced',
      kind: 'invitation',
      request_title: 'Contrato Andina',
      error: '550 5.1.1 El buzón no existe',
    });
    expect(bounced.total).toBe(
      await count(sql`m.status = 'bounced' AND e.company_id IN (${ids.andina}, ${ids.branch})`),
    );

    const [mail] = await mailsTo(t, 'ana.lectora@correo.test');
    for (let open = 0; open < 2; open++) {
      const pixel = await t.app.inject({ method: 'GET', url: `/correo/abierto/${mail!.publicId}.gif` });
      expect(pixel.statusCode).toBe(200);
    }
    const opened = await list(tokens.elena, { status: 'opened' });
    expect(opened.items).toHaveLength(1);
    expect(opened.items[0]).toMatchObject({ to: 'ana.lectora@correo.test', open_count: 2 });
    expect(opened.items[0]!.opened_at).toBeTruthy();
    expect(Date.parse(String(opened.items[0]!.last_opened_at))).toBeGreaterThanOrEqual(
      Date.parse(String(opened.items[0]!.opened_at)),
    );
  });

  it('filters by kind, recipient, request and dates (days in Colombian time)', async () => {
    expect((await list(tokens.admin, { search: 'CARO.caribe' })).items.map((row) => row.to)).toEqual([
      'caro.caribe@correo.test',
    ]);
    expect((await list(tokens.admin, { kind: 'reminder' })).total).toBe(
      await count(sql`e.kind = 'reminder'`),
    );
    expect((await list(tokens.elena, { request_id: andina.requestId })).total).toBe(
      await count(sql`e.request_id = ${andina.requestId}`),
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect((await list(tokens.admin, { date_from: today, date_to: today })).total).toBe(await count());
    expect((await list(tokens.admin, { date_from: '2099-01-01' })).total).toBe(0);
    expect((await list(tokens.admin, { date_to: '2000-01-01' })).total).toBe(0);
  });

  it('resends to a corrected address: a new e-mail and outbox row, audited', async () => {
    const [bounced] = (await list(tokens.elena, { status: 'bounced' })).items;
    const before = await count();
    const reply = await call(tokens.elena, 'resendTrackedEmail', {
      body: { email_id: bounced!.id, to: 'Rita.Correcta@correo.test' },
    });
    expect(reply.status).toBe(201);
    expect(reply.message).toContain('rita.correcta@correo.test');
    expect(reply.data).toMatchObject({ to: 'rita.correcta@correo.test', kind: 'invitation' });
    expect(await count()).toBe(before + 1);

    const delivered = await mailsTo(t, 'rita.correcta@correo.test');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.status).toBe('sent');
    expect(delivered[0]!.text).toMatch(/\/signature-request\/[A-Za-z0-9_-]{43}/);
    const [auditRow] = await queryRows<{ details: Record<string, unknown>; company_id: number }>(
      t.deps.database.db,
      sql`SELECT details, company_id FROM audit_log WHERE action = 'email.resent' ORDER BY id DESC LIMIT 1`,
    );
    expect(auditRow).toMatchObject({
      company_id: ids.andina,
      details: {
        resent_from: bounced!.id,
        previous_to: 'rita.rebota@correo.test',
        to: 'rita.correcta@correo.test',
      },
    });
    const sent = await list(tokens.elena, { search: 'rita.correcta' });
    expect(sent.items[0]).toMatchObject({ status: 'sent', error: null });
  });

  it('refuses a bad address with a Spanish 422, and another company’s e-mail', async () => {
    const [mail] = (await list(tokens.elena, { search: 'ana.lectora' })).items;
    const bad = await call(tokens.elena, 'resendTrackedEmail', {
      body: { email_id: mail!.id, to: 'no-es-correo' },
    });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('Los datos enviados no son válidos');
    expect(bad.errors?.to).toBe('Ingrese un correo electrónico válido');
    const same = await call(tokens.elena, 'resendTrackedEmail', {
      body: { email_id: mail!.id, to: 'ana.lectora@correo.test' },
    });
    expect(same.status).toBe(422);
    expect(same.message).toContain('distinta');
    const [caribeMail] = (await list(carla)).items;
    const foreign = await call(tokens.elena, 'resendTrackedEmail', {
      body: { email_id: caribeMail!.id, to: 'otro@correo.test' },
    });
    expect(foreign.status).toBe(404);
    // An auditor reads the tracker but does not send mail.
    await createUser(t.deps.database.db, {
      companyId: ids.andina,
      roleId: ROLE.auditor,
      name: 'Aura',
      lastName: 'Auditora',
      email: 'aura@andina.test',
      password: 'Clave-Segura-2026',
    });
    const auditor = await t.signin('aura@andina.test', 'Clave-Segura-2026');
    expect((await list(auditor)).total).toBe(
      await count(sql`e.company_id IN (${ids.andina}, ${ids.branch})`),
    );
    const resend = { body: { email_id: mail!.id, to: 'otra@correo.test' } };
    expect((await call(auditor, 'resendTrackedEmail', resend)).status).toBe(403);
  });

  it('exports the filtered e-mails as a streamed .xlsx, within the company', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email-status/export',
      headers: { authorization: `Bearer ${tokens.elena}` },
      payload: { status: 'bounced' },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Correos')!;
    expect(sheet.rowCount).toBe(
      1 + (await count(sql`m.status = 'bounced' AND e.company_id = ${ids.andina}`)),
    );
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining([
        'Invitación',
        'rita.rebota@correo.test',
        'Rebotado',
        '550 5.1.1 El buzón no existe',
      ]),
    );
    const everything = await t.app.inject({
      method: 'POST',
      url: '/api/email-status/export',
      headers: { authorization: `Bearer ${carla}` },
      payload: {},
    });
    const caribeBook = new ExcelJS.Workbook();
    await caribeBook.xlsx.load(everything.rawPayload as unknown as ArrayBuffer);
    expect(caribeBook.getWorksheet('Correos')!.rowCount).toBe(
      1 + (await count(sql`e.company_id = ${ids.caribe}`)),
    );
  });
});
