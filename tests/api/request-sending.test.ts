import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineInDays } from '../../contract/deadline.js';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import {
  documentFolderPermissions,
  planAssignments,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { NO_UNITS_MESSAGE } from '../../server/modules/plans/consumption.service.js';
import { readAll } from '../../server/storage/storage.js';
import { verifySignature } from '../../server/webhooks/signature.js';
import { registerWebhookEndpoint, webhookEventUuid } from '../../server/webhooks/webhooks.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';
import { startWebhookReceiver } from './support/webhookReceiver.js';

const PASSWORD = 'Envios-Clave-2026';

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let group: SendingGroup;
let assignmentId: number;
let call: ReturnType<typeof endpointCaller>;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  call = endpointCaller(t.app);
  const plan = await createPlan(t.deps.database.db, { name: 'Cincuenta', signatures: 50 });
  assignmentId = await assignPlan(t.deps.database.db, {
    companyId: ids.andina,
    planId: plan,
    startsAt: new Date(Date.now() - 86_400_000),
    unitsTotal: 50,
  });
  group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
});
afterAll(() => t.close());

const unitsUsed = async () =>
  (
    await t.deps.database.db
      .select({ used: planAssignments.unitsUsed })
      .from(planAssignments)
      .where(eq(planAssignments.id, assignmentId))
  )[0]!.used;

describe(`sending a single request on ${testDatabaseKind}`, () => {
  it('lists the groups the operator may send and gives the form with only the sender fields', async () => {
    const list = await call(tokens.oscar, 'listSendablePackages', { params: { companyId: ids.andina } });
    expect(list.status).toBe(200);
    expect(list.data.map((each) => each.id)).toContain(group.packageId);
    const form = await call(tokens.oscar, 'getRequestForm', {
      params: { documentPackageId: group.packageId },
    });
    expect(form.status).toBe(200);
    expect(form.data.fields.map((field) => field.name)).toEqual(['cliente', 'valor', 'inicio', 'plan']);
    expect(form.data.signer_roles.map((role) => [role.number, role.kind])).toEqual([
      [1, 'signer'],
      [2, 'approver'],
    ]);
    expect(form.data.documents).toEqual([
      { name: 'Contrato de servicios', kind: 'template' },
      { name: 'Anexo técnico.pdf', kind: 'pdf' },
    ]);
  });

  it('previews the exact PDFs that a send with the same values stores, then sends them', async () => {
    const body = sendingBody(group.packageId);
    const preview = await call(tokens.oscar, 'previewSignatureRequest', {
      body: { document_package_id: group.packageId, values: body.values },
    });
    expect(preview.status).toBe(200);
    const [contract, annex] = preview.data.documents;
    expect(contract!.svg_pages!.length).toBe(contract!.page_count);
    expect(contract!.svg_pages![0]).toContain('<svg');
    expect(contract!.missing_fields).toEqual(['cargo']);
    expect(annex!.sha256).toBe(createHash('sha256').update(group.annexPdf).digest('hex'));

    const before = await unitsUsed();
    const sent = await call(tokens.oscar, 'processSignatureRequest', { body });
    expect(sent.status).toBe(200);
    expect(sent.message).toBe('Solicitud de firma enviada');
    const requestId = sent.data.request_id;
    expect((await unitsUsed()) - before).toBe(2);

    const documents = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId))
      .orderBy(signatureRequestDocuments.position);
    expect(documents.map((document) => document.renderedSha256)).toEqual([contract!.sha256, annex!.sha256]);
    const stored = await readAll(t.deps.storage, documents[0]!.renderedKey);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(contract!.sha256);

    const [request] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, requestId));
    expect(request).toMatchObject({
      source: 'single',
      createdBy: ids.oscar,
      packageId: group.packageId,
      title: 'Vinculación de clientes',
      signingOrder: 'sequential',
    });
    // The group's 10 days: open until 23:59:59 COT of the tenth day after the sending day.
    expect(request!.expiresAt.toISOString()).toBe(deadlineInDays(request!.createdAt, 10).toISOString());

    const status = await call(tokens.oscar, 'getSignatureRequestStatus', { params: { id: requestId } });
    expect(status.data.signers.map((signer) => [signer.number, signer.kind, signer.status])).toEqual([
      [1, 'signer', 'invited'],
      [2, 'approver', 'waiting'],
    ]);
    expect(await mailsTo(t, 'ana.cliente@correo.test')).toHaveLength(1);
    expect(await mailsTo(t, 'german.gerente@correo.test')).toHaveLength(0);
    // Another company never sees it.
    const foreign = await call(tokens.branch, 'getSignatureRequestStatus', { params: { id: requestId } });
    expect(foreign.status).toBe(404);
  });

  it('suggests the people the caller sent to before and the company users, searchable', async () => {
    const all = await call(tokens.oscar, 'getUserSigners', { body: { company_id: ids.andina } });
    expect(all.status).toBe(200);
    const previous = all.data.filter((each) => each.source === 'previous').map((each) => each.email);
    expect(previous).toEqual(
      expect.arrayContaining(['ana.cliente@correo.test', 'german.gerente@correo.test']),
    );
    expect(all.data.find((each) => each.email === 'ana.cliente@correo.test')).toMatchObject({
      name: 'Ana Cliente',
      phone: '+57 300 111 2233',
    });
    expect(all.data.filter((each) => each.source === 'user').map((each) => each.email)).toContain(
      'elena@andina.test',
    );
    const searched = await call(tokens.oscar, 'getUserSigners', {
      body: { company_id: ids.andina, search: 'gerente' },
    });
    expect(searched.data.map((each) => each.email)).toEqual(['german.gerente@correo.test']);
    // Elena sent nothing: her suggestions are only the company's users.
    const elenas = await call(tokens.elena, 'getUserSigners', { body: { company_id: ids.andina } });
    expect(elenas.data.every((each) => each.source === 'user')).toBe(true);
  });

  it('refuses values by field type, one Spanish message per field, and consumes nothing', async () => {
    const before = await unitsUsed();
    const refused = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, {
        values: { cliente: '', valor: '12,5', inicio: '2026-13-01', plan: 'Oro', desconocido: 'x' },
      }),
    });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual({
      'values.cliente': 'Este campo es obligatorio',
      'values.valor': 'Solo se permiten números enteros',
      'values.inicio': 'Ingrese una fecha válida (AAAA-MM-DD)',
      'values.plan': 'Seleccione una opción válida',
      'values.desconocido': 'Campo no permitido: desconocido',
    });
    expect(await unitsUsed()).toBe(before);
  });

  it("checks signers against the group's roles and the company's authentication features", async () => {
    const missing = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, {
        signers: [{ number: 1, name: 'Ana Cliente', email: 'ana.cliente@correo.test' }],
      }),
    });
    expect(missing.status).toBe(422);
    expect(missing.message).toBe('Falta el firmante «Gerente» del grupo');

    const sms = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, {
        signers: [
          {
            number: 1,
            name: 'Ana',
            email: 'ana@correo.test',
            phone: '3001112233',
            authentication: ['sms_otp'],
          },
          { number: 2, name: 'Germán', email: 'german@correo.test' },
        ],
      }),
    });
    expect(sms.status).toBe(422);
    expect(sms.errors?.['signers.0.authentication']).toBe(
      'La empresa no tiene habilitado «Código OTP por SMS»',
    );

    const noPhone = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, {
        signers: [
          { number: 1, name: 'Ana', email: 'ana@correo.test', authentication: ['whatsapp_otp'] },
          { number: 2, name: 'Germán', email: 'german@correo.test' },
        ],
      }),
    });
    expect(noPhone.status).toBe(422);
    expect(noPhone.errors?.['signers.0.phone']).toMatch(/celular/);

    const past = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, { expires_at: '2020-01-01' }),
    });
    expect(past.status).toBe(422);
    expect(past.errors?.expires_at).toBe('La fecha de vencimiento debe ser posterior a hoy');
  });

  it("takes a signer's identification type from the bulk sheet's list only, in any case", async () => {
    const signers = (idType: string) => [
      {
        number: 1,
        name: 'Ana Cliente',
        email: 'ana.tipo@correo.test',
        id_type: idType,
        id_number: '1020304050',
      },
      { number: 2, name: 'Germán Gerente', email: 'german.tipo@correo.test' },
    ];
    const free = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, { signers: signers('Cédula') }),
    });
    expect(free.status).toBe(422);
    expect(free.errors?.['signers.0.id_type']).toBe(
      'Elija un tipo de identificación de la lista (CC, CE, NIT, TI, PP, PEP, PPT)',
    );
    const sent = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(group.packageId, { signers: signers('ce') }),
    });
    expect(sent.status).toBe(200);
    const [signer] = await t.deps.database.db
      .select({ idType: signatureRequestSigners.idType })
      .from(signatureRequestSigners)
      .where(
        and(
          eq(signatureRequestSigners.requestId, sent.data.request_id),
          eq(signatureRequestSigners.number, 1),
        ),
      );
    expect(signer!.idType).toBe('CE');
  });

  it('sends only from folders the user may send from', async () => {
    const restricted = await createSendingGroup(t, {
      companyId: ids.andina,
      adminToken: tokens.elena,
      name: 'Reservado',
      folderName: 'Gerencia',
    });
    await t.deps.database.db
      .insert(documentFolderPermissions)
      .values({ folderId: restricted.folderId, userId: ids.oscar, canView: true, canSend: false });
    const refused = await call(tokens.oscar, 'processSignatureRequest', {
      body: sendingBody(restricted.packageId),
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('No tiene permiso para enviar los grupos de esta carpeta');
    const list = await call(tokens.oscar, 'listSendablePackages', { params: { companyId: ids.andina } });
    expect(list.data.map((each) => each.id)).not.toContain(restricted.packageId);
    // The administrator is not bound by folder permissions.
    const allowed = await call(tokens.elena, 'processSignatureRequest', {
      body: sendingBody(restricted.packageId),
    });
    expect(allowed.status).toBe(200);
    // Another company's group is not found.
    const foreign = await call(tokens.branch, 'processSignatureRequest', {
      body: sendingBody(group.packageId),
    });
    expect(foreign.status).toBe(404);
  });

  it('answers 409 with the plan message and writes nothing when the company has no units', async () => {
    const branchGroup = await createSendingGroup(t, { companyId: ids.branch, adminToken: tokens.branch });
    const refused = await call(tokens.branch, 'processSignatureRequest', {
      body: sendingBody(branchGroup.packageId),
    });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(NO_UNITS_MESSAGE);
    const [row] = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signatureRequests)
      .where(eq(signatureRequests.companyId, ids.branch));
    expect(row!.n).toBe(0);
  });

  it('announces request.sent to the company webhook once, signed with its secret', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await registerWebhookEndpoint(t.deps, {
        companyId: ids.andina,
        url: receiver.url('/rubrica/eventos'),
        events: ['request.sent'],
      });
      const sent = await call(tokens.oscar, 'processSignatureRequest', {
        body: sendingBody(group.packageId),
      });
      expect(sent.status).toBe(200);
      await t.deps.queue.drain();
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(delivery!.event).toBe('request.sent');
      expect(verifySignature(delivery!.signature, delivery!.body, endpoint.secret)).toBe(true);
      expect(verifySignature(delivery!.signature, delivery!.body, 'whsec_otro')).toBe(false);
      const body = JSON.parse(delivery!.body);
      expect(body).toMatchObject({
        id: webhookEventUuid(`request.sent:${sent.data.request_id}`),
        type: 'request.sent',
        companyId: ids.andina,
        data: { requestId: sent.data.request_id, status: 'in_progress', source: 'single' },
      });
      expect(body.data.signers.map((signer: { status: string }) => signer.status)).toEqual([
        'invited',
        'waiting',
      ]);
      // Announcing the same request again delivers nothing new.
      const { announceRequestSent } = await import('../../server/requests/core/sent.js');
      await announceRequestSent(t.deps, sent.data.request_id);
      await t.deps.queue.drain();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
