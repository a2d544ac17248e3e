import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentTemplate, createDocumentType } from '../../server/db/factories.js';
import {
  auditLog,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import type { Actor } from '../../server/deps.js';
import { requestEvents, verifyRequestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { hashSignerToken } from '../../server/requests/core/tokens.js';
import { resolveSignerFilter } from '../../server/requests/history/signerSearch.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo } from './support/mailbox.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

describe(`request history on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let call: ReturnType<typeof endpointCaller>;
  const db = () => t.deps.database.db;
  const setStatus = (requestId: number, status: 'completed' | 'rejected') =>
    db().update(signatureRequests).set({ status }).where(eq(signatureRequests.id, requestId));

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    call = endpointCaller(t.app);
  });
  afterAll(() => t.close());

  it('lists the company and its branches, filters by status and signer, pages on the server', async () => {
    const mine = [];
    for (const [index, name] of ['Primero', 'Segundo', 'Tercero'].entries()) {
      mine.push(
        await createTestRequest(t.deps, {
          companyId: ids.andina,
          createdBy: ids.elena,
          title: `Contrato ${name}`,
          signers: [{ name: `Firmante ${name}`, email: `firmante${index}@lista.test` }],
        }),
      );
    }
    const branch = await createTestRequest(t.deps, {
      companyId: ids.branch,
      title: 'Contrato Sucursal',
      signers: [{ name: 'Sofía Sucursal', email: 'sofia@lista.test' }],
    });
    const foreign = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      title: 'Contrato Caribe',
      signers: [{ name: 'Carlos Caribe', email: 'carlos@lista.test' }],
    });
    await setStatus(mine[1]!.requestId, 'completed');

    const all = await call(tokens.elena, 'listSignatureRequests', { body: { itemsPerPage: 100 } });
    expect(all.status).toBe(200);
    const listed = all.data.items.map((item) => item.id);
    expect(listed).toEqual(expect.arrayContaining([...mine.map((r) => r.requestId), branch.requestId]));
    expect(listed).not.toContain(foreign.requestId);
    // Newest first, the branch's and the company's merged in one order.
    expect(listed.slice(0, 4)).toEqual([branch.requestId, ...mine.map((r) => r.requestId).reverse()]);
    const oldestFirst = await call(tokens.elena, 'listSignatureRequests', {
      body: { order: 'ASC', itemsPerPage: 100 },
    });
    expect(oldestFirst.data.items.map((item) => item.id)).toEqual([...listed].reverse());

    const branchOnly = await call(tokens.branch, 'listSignatureRequests', { body: {} });
    expect(branchOnly.data.items.map((item) => item.id)).toEqual([branch.requestId]);

    const completed = await call(tokens.elena, 'listSignatureRequests', { body: { status: 'completed' } });
    expect(completed.data.items.map((item) => item.title)).toEqual(['Contrato Segundo']);

    const bySigner = await call(tokens.elena, 'listSignatureRequests', { body: { signer: 'TERCERO' } });
    expect(bySigner.data.items).toHaveLength(1);
    expect(bySigner.data.items[0]).toMatchObject({
      title: 'Contrato Tercero',
      status: 'in_progress',
      signer_count: 1,
      signed_count: 0,
      creator_name: 'Elena Prueba',
      signers: [{ name: 'Firmante Tercero', status: 'invited' }],
    });
    // The word being typed starts a word of the name or e-mail; finished words match whole words.
    const titlesFor = async (signer: string) =>
      (await call(tokens.elena, 'listSignatureRequests', { body: { signer } })).data.items
        .map((item) => item.title)
        .sort();
    expect(await titlesFor('firmante terc')).toEqual(['Contrato Tercero']);
    expect(await titlesFor('firmante2@lista')).toEqual(['Contrato Tercero']);
    expect(await titlesFor('lista.test sof')).toEqual(['Contrato Sucursal']);
    expect(await titlesFor('ercero')).toEqual([]);
    expect(await titlesFor('firm')).toEqual(['Contrato Primero', 'Contrato Segundo', 'Contrato Tercero']);
    expect(await titlesFor("'); DROP TABLE users; --")).toEqual([]);
    // Few matching signers become their requests' ids; more than the cap stay a test per request.
    const elena: Actor = {
      userId: ids.elena,
      sessionId: 'prueba',
      companyId: ids.andina,
      roleId: 0,
      permissions: new Set(),
      impersonatorUserId: null,
      visibleCompanyIds: [ids.andina, ids.branch],
    };
    const few = await resolveSignerFilter(t.deps.database.db, elena, { signer: 'firm' });
    expect([...(few.signerRequestIds ?? [])].sort()).toEqual(mine.map((r) => r.requestId).sort());
    const broad = await resolveSignerFilter(t.deps.database.db, elena, { signer: 'firm' }, 2);
    expect(broad.signerRequestIds).toBeUndefined();

    const firstPage = await call(tokens.elena, 'listSignatureRequests', {
      body: { itemsPerPage: 2, page: 1, sort: 'title', order: 'ASC', company_id: ids.andina },
    });
    const secondPage = await call(tokens.elena, 'listSignatureRequests', {
      body: { itemsPerPage: 2, page: 2, sort: 'title', order: 'ASC', company_id: ids.andina },
    });
    expect(firstPage.data.total).toBe(3);
    expect([...firstPage.data.items, ...secondPage.data.items].map((item) => item.title)).toEqual([
      'Contrato Primero',
      'Contrato Segundo',
      'Contrato Tercero',
    ]);

    const future = await call(tokens.elena, 'listSignatureRequests', { body: { date_from: '2999-01-01' } });
    expect(future.data.items).toHaveLength(0);
    const foreignFilter = await call(tokens.elena, 'listSignatureRequests', {
      body: { company_id: ids.caribe },
    });
    expect(foreignFilter.status).toBe(404);
    const badDate = await call(tokens.elena, 'listSignatureRequests', { body: { date_from: 'ayer' } });
    expect(badDate.status).toBe(422);
  });

  it('writes no audit row for reading the list, a page at a time', async () => {
    const page = await call(tokens.elena, 'listSignatureRequests', { body: { itemsPerPage: 15 } });
    expect(page.status).toBe(200);
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'listSignatureRequests'));
    expect(rows).toEqual([]);
  });

  it('resends to a corrected address: a new link, the old one dead, an event and a new invitation', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Ana Errada', email: 'ana@mal-escrito.test' }],
    });
    const signer = request.signers[0]!;
    const resent = await call(tokens.oscar, 'resendSignatureRequest', {
      body: { signer_id: signer.id, email: 'ana@bien-escrito.test' },
    });
    expect(resent.status).toBe(200);
    expect(resent.message).toBe('Invitación reenviada');
    expect(resent.data).toMatchObject({ email: 'ana@bien-escrito.test', token_round: 2, status: 'invited' });

    const [invitation] = await mailsTo(t, 'ana@bien-escrito.test');
    const newToken = invitation!.text.match(/\/signature-request\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(signer.token);
    const [stored] = await db()
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, signer.id));
    expect(stored!.tokenHash).toBe(hashSignerToken(newToken!));
    expect(stored!.tokenHash).not.toBe(hashSignerToken(signer.token));

    const events = await requestEvents(db(), request.requestId);
    expect(events.map((event) => event.action)).toEqual(['sent', 'invited', 'resent', 'invited']);
    expect(events[2]!.details).toMatchObject({ previous_email: 'ana@mal-escrito.test', round: 2 });
    expect((await verifyRequestEvents(db(), request.requestId)).valid).toBe(true);

    const badPhone = await call(tokens.oscar, 'resendSignatureRequest', {
      body: { signer_id: signer.id, phone: 'abc' },
    });
    expect(badPhone.status).toBe(422);
    expect(badPhone.errors?.phone).toContain('teléfono');
  });

  it('refuses to resend to a signer whose turn has not come', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [
        { name: 'Primera', email: 'primera@turno.test' },
        { name: 'Segundo', email: 'segundo@turno.test' },
      ],
    });
    const refused = await call(tokens.elena, 'resendSignatureRequest', {
      body: { signer_id: request.signers[1]!.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('turno');
  });

  it('cancels with a reason: status, event, a notice to the invited signer; then nothing more', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [
        { name: 'Invitada', email: 'invitada@cancelar.test' },
        { name: 'En espera', email: 'espera@cancelar.test' },
      ],
    });
    const noReason = await call(tokens.elena, 'cancelSignatureRequest', {
      body: { request_id: request.requestId, reason: '  ' },
    });
    expect(noReason.status).toBe(422);

    const cancelled = await call(tokens.elena, 'cancelSignatureRequest', {
      body: { request_id: request.requestId, reason: 'El cliente desistió' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.status).toBe('cancelled');
    const [row] = await db()
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row).toMatchObject({ cancelReason: 'El cliente desistió', cancelledBy: ids.elena });
    const mails = await mailsTo(t, 'invitada@cancelar.test');
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('fue cancelado'),
      expect.stringContaining('Contrato'),
    ]);
    expect(await mailsTo(t, 'espera@cancelar.test')).toHaveLength(0);
    const last = (await requestEvents(db(), request.requestId)).at(-1)!;
    expect(last).toMatchObject({ action: 'cancelled', details: { reason: 'El cliente desistió' } });

    const again = await call(tokens.elena, 'cancelSignatureRequest', {
      body: { request_id: request.requestId, reason: 'Otra vez' },
    });
    expect(again.status).toBe(409);
    const resend = await call(tokens.elena, 'resendSignatureRequest', {
      body: { signer_id: request.signers[0]!.id },
    });
    expect(resend.status).toBe(409);
  });

  it('extends only to a future date, and reopens an expired request', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Paula Plazo', email: 'paula@plazo.test' }],
    });
    const past = await call(tokens.elena, 'extendTimeLimit', {
      body: { request_id: request.requestId, expires_at: '2000-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(past.message).toBe('La nueva fecha de vencimiento debe ser futura');

    await db()
      .update(signatureRequests)
      .set({ status: 'expired' })
      .where(eq(signatureRequests.id, request.requestId));
    const extended = await call(tokens.elena, 'extendTimeLimit', {
      body: { request_id: request.requestId, expires_at: '2999-06-30T17:00:00-05:00' },
    });
    expect(extended.status).toBe(200);
    expect(extended.data).toMatchObject({ status: 'in_progress', expires_at: '2999-06-30T22:00:00.000Z' });
    const last = (await requestEvents(db(), request.requestId)).at(-1)!;
    expect(last).toMatchObject({ action: 'extended', details: { reopened: true } });

    await setStatus(request.requestId, 'completed');
    const finished = await call(tokens.elena, 'extendTimeLimit', {
      body: { request_id: request.requestId, expires_at: '2999-07-30T17:00:00-05:00' },
    });
    expect(finished.status).toBe(409);
  });

  it('shows a request in detail: documents, signers, timeline and e-mails with their status', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      documents: 2,
      signers: [
        { name: 'Diana Detalle', email: 'diana@detalle.test' },
        { name: 'Mario Detalle', email: 'mario@detalle.test' },
      ],
    });
    await mailsTo(t, 'diana@detalle.test');
    const detail = await call(tokens.oscar, 'viewSignatureRequestHistory', {
      body: { request_id: request.requestId },
    });
    expect(detail.status).toBe(200);
    expect(detail.data.documents.map((document) => document.id)).toEqual(request.documentIds);
    expect(detail.data.signer_details.map((signer) => signer.status)).toEqual(['invited', 'waiting']);
    expect(detail.data.events.map((event) => event.action)).toEqual(['sent', 'invited']);
    expect(detail.data.events[1]!.signer_name).toBe('Diana Detalle');
    // What the timeline's sentences name: the user who sent, the signer (with e-mail) invited.
    expect(detail.data.events[0]).toMatchObject({ user_id: ids.elena, user_name: 'Elena Prueba' });
    expect(detail.data.events[1]).toMatchObject({ user_name: null, signer_email: 'diana@detalle.test' });
    expect(detail.data.emails).toEqual([
      expect.objectContaining({ kind: 'invitation', to: 'diana@detalle.test', status: 'sent' }),
    ]);
    expect(detail.data.editable).toBe(true);

    const logs = await call(tokens.oscar, 'getSignatureRequestLogs', {
      params: { document_package_signer_id: request.signers[0]!.id },
    });
    expect(logs.data.map((event) => event.action)).toEqual(['invited']);
    const emails = await call(tokens.oscar, 'getEmailsSentLogs', { body: { request_id: request.requestId } });
    expect(emails.data).toHaveLength(1);

    const foreign = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      signers: [{ name: 'Ajeno', email: 'ajeno@detalle.test' }],
    });
    const hidden = await call(tokens.oscar, 'viewSignatureRequestHistory', {
      body: { request_id: foreign.requestId },
    });
    expect(hidden.status).toBe(404);
  });

  it('gives the company its rejection reasons, seeding Spanish defaults once', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Rita Rechazo', email: 'rita@rechazo.test' }],
    });
    const params = { company_id: ids.andina, document_package_signer_id: request.signers[0]!.id };
    const first = await call(tokens.elena, 'getSignatureRejectionReasons', { params });
    expect(first.status).toBe(200);
    expect(first.data.reasons.map((reason) => reason.reason)).toContain(
      'No estoy de acuerdo con las condiciones',
    );
    const second = await call(tokens.elena, 'getSignatureRejectionReasons', { params });
    expect(second.data.reasons).toEqual(first.data.reasons);
    expect(second.data.signer_reason).toBeNull();
  });

  it('corrects title and message while in progress, and content only before anyone signs', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Clara Corrección', email: 'clara@correccion.test' }],
    });
    const values = await call(tokens.elena, 'updateDocumentsPackagesValues', {
      body: { request_id: request.requestId, title: 'Contrato corregido', reminder_days: 2 },
    });
    expect(values.status).toBe(200);
    expect(values.data.title).toBe('Contrato corregido');

    const renamed = await call(tokens.elena, 'updateContentSignRequest', {
      params: { id: request.requestId },
      body: { documents: [{ id: request.documentIds[0]!, name: 'Anexo corregido' }] },
    });
    expect(renamed.status).toBe(200);
    // The factory's documents are not from a template: values cannot change them.
    const pdfValues = await call(tokens.elena, 'updateContentSignRequest', {
      params: { id: request.requestId },
      body: { documents: [{ id: request.documentIds[0]!, values: { nombre: 'x' } }] },
    });
    expect(pdfValues.status).toBe(422);

    await db()
      .update(signatureRequestSigners)
      .set({ status: 'signed' })
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    const late = await call(tokens.elena, 'updateContentSignRequest', {
      params: { id: request.requestId },
      body: { documents: [{ id: request.documentIds[0]!, name: 'Tarde' }] },
    });
    expect(late.status).toBe(409);
    expect(late.message).toContain('ya firmó');
  });

  it('renders a template document again with corrected values before anyone signs', async () => {
    const documentTypeId = await createDocumentType(db(), {
      companyId: ids.andina,
      name: 'Contrato valores',
    });
    const template = await createDocumentTemplate(db(), {
      companyId: ids.andina,
      documentTypeId,
      name: 'Contrato con valores',
      html: '<p>Arrendatario: <span data-field="nombre">nombre</span></p>',
      fields: [{ name: 'nombre', label: 'Nombre', type: 'text', required: true, filled_by: 0 }],
    });
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Valeria Valores', email: 'valeria@valores.test' }],
    });
    const documentId = request.documentIds[0]!;
    await db()
      .update(signatureRequestDocuments)
      .set({ templateVersionId: template.versionId, fieldValues: { nombre: 'Ana Antigua' } })
      .where(eq(signatureRequestDocuments.id, documentId));
    const [before] = await db()
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.id, documentId));

    const updated = await call(tokens.elena, 'updateContentSignRequest', {
      params: { id: request.requestId },
      body: { documents: [{ id: documentId, values: { nombre: 'Beatriz Nueva' } }] },
    });
    expect(updated.status).toBe(200);
    const [after] = await db()
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.id, documentId));
    expect(after!.fieldValues).toEqual({ nombre: 'Beatriz Nueva' });
    expect(after!.renderedSha256).toBe(updated.data.documents[0]!.sha256);
    expect(after!.renderedSha256).not.toBe(before!.renderedSha256);
    expect(after!.renderedKey).not.toBe(before!.renderedKey);
    const stored = await t.deps.storage.get(after!.renderedKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(Buffer.from(chunk as Buffer));
    expect(createHash('sha256').update(Buffer.concat(chunks)).digest('hex')).toBe(after!.renderedSha256);
    expect((await requestEvents(db(), request.requestId)).at(-1)!.action).toBe('content_updated');

    const unknownField = await call(tokens.elena, 'updateContentSignRequest', {
      params: { id: request.requestId },
      body: { documents: [{ id: documentId, values: { inexistente: 'x' } }] },
    });
    expect(unknownField.status).toBe(422);
  });
});
