import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignPlan,
  createCompany,
  createDocumentTemplate,
  createDocumentType,
  createPlan,
} from '../../server/db/factories.js';
import {
  packageTransactions,
  planAssignments,
  signatureRequestDocuments,
  signatureRequestEmails,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { HttpProblem } from '../../server/errors.js';
import { NO_UNITS_MESSAGE } from '../../server/modules/plans/consumption.service.js';
import {
  discardPreparedRequest,
  insertSignatureRequest,
  type NewSignatureRequest,
  prepareRequestDocuments,
} from '../../server/requests/core/create.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { signerTokenHash } from '../../server/requests/core/tokens.js';
import { readAll } from '../../server/storage/storage.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const FIELDS = [
  { name: 'cliente', label: 'Cliente', type: 'text', required: true, filled_by: 0 },
  { name: 'monto', label: 'Monto', type: 'number', required: false, filled_by: 0, integer: true },
  { name: 'inicio', label: 'Inicio', type: 'date', required: false, filled_by: 0 },
  { name: 'correo', label: 'Correo', type: 'email', required: false, filled_by: 0 },
  { name: 'firma_1', label: 'Firma 1', type: 'signature', required: true, filled_by: 1 },
  { name: 'firma_2', label: 'Firma 2', type: 'signature', required: true, filled_by: 2 },
];
const HTML =
  '<p>Cliente: <span data-field="cliente">cliente</span>, monto <span data-field="monto">monto</span>, desde <span data-field="inicio">inicio</span>, <span data-field="correo">correo</span>.</p>' +
  '<p><span data-field="firma_1">Firma 1</span></p><p><span data-field="firma_2">Firma 2</span></p>';

let t: TestApp;
let withUnits: number;
let withoutUnits: number;
let versionId: number;
let assignmentId: number;

const day = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  withUnits = await createCompany(db, { fiscalName: 'Envíos Andinos', taxId: '900555111-1' });
  withoutUnits = await createCompany(db, { fiscalName: 'Sin Paquete', taxId: '900555222-2' });
  const plan = await createPlan(db, { name: 'Diez firmas', signatures: 10 });
  assignmentId = await assignPlan(db, {
    companyId: withUnits,
    planId: plan,
    startsAt: day(-1),
    unitsTotal: 10,
  });
  const type = await createDocumentType(db, { companyId: withUnits, name: 'Contratos' });
  ({ versionId } = await createDocumentTemplate(db, {
    companyId: withUnits,
    documentTypeId: type,
    name: 'Contrato de servicios',
    html: HTML,
    fields: FIELDS,
  }));
});
afterAll(() => t.close());

const request = (overrides: Partial<NewSignatureRequest> = {}): NewSignatureRequest => ({
  companyId: withUnits,
  createdBy: null,
  source: 'single',
  title: 'Contrato de servicios',
  signingOrder: 'sequential',
  expiresAt: day(15),
  documents: [
    {
      kind: 'template',
      templateVersionId: versionId,
      name: 'Contrato de servicios',
      values: { cliente: 'Comercial del Norte', monto: '1500000', inicio: '2026-12-01' },
    },
  ],
  signers: [
    { number: 1, kind: 'signer', name: 'Ana Primera', email: 'Ana.Primera@correo.test', authentication: [] },
    {
      number: 2,
      kind: 'signer',
      name: 'Beto Segundo',
      email: 'beto.segundo@correo.test',
      authentication: [],
    },
    {
      number: 3,
      kind: 'copy',
      name: 'Copia Contable',
      email: 'copia.contable@correo.test',
      authentication: [],
    },
  ],
  ...overrides,
});

const send = async (input: NewSignatureRequest) => {
  const prepared = await prepareRequestDocuments(t.deps, input);
  return t.deps.database.db.transaction((tx) => insertSignatureRequest(t.deps, tx, prepared));
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
};

const unitsUsed = async () => {
  const [row] = await t.deps.database.db
    .select({ used: planAssignments.unitsUsed })
    .from(planAssignments)
    .where(eq(planAssignments.id, assignmentId));
  return row!.used;
};

describe(`creating signature requests on ${testDatabaseKind}`, () => {
  it('consumes one unit per signer once, stores the rendered document and invites the first turn only', async () => {
    const before = await unitsUsed();
    const created = await send(request());
    const db = t.deps.database.db;

    // Two signers consume two units (the copy recipient none), in one recorded consumption.
    expect((await unitsUsed()) - before).toBe(2);
    const consumptions = await db
      .select()
      .from(packageTransactions)
      .where(eq(packageTransactions.reference, `signature_request:${created.requestId}`));
    expect(consumptions).toHaveLength(1);
    expect(consumptions[0]).toMatchObject({ units: 2, kind: 'consumption', assignmentId });

    const [row] = await db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, created.requestId));
    expect(row).toMatchObject({
      status: 'in_progress',
      validationCode: created.validationCode,
      source: 'single',
    });

    const [document] = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, created.requestId));
    expect(document!.renderedKey).toMatch(new RegExp(`^companies/${withUnits}/requests/`));
    const stored = await readAll(t.deps.storage, document!.renderedKey);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(document!.renderedSha256);
    expect(stored!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(document!.fieldValues).toEqual({
      cliente: 'Comercial del Norte',
      monto: '1500000',
      inicio: '2026-12-01',
    });
    const boxes = document!.fieldBoxes as { field: string; kind: string; signer: number }[];
    expect(boxes.map((box) => [box.field, box.kind, box.signer])).toEqual([
      ['firma_1', 'signature', 1],
      ['firma_2', 'signature', 2],
    ]);

    const signers = await db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, created.requestId))
      .orderBy(signatureRequestSigners.number);
    expect(signers.map((signer) => [signer.email, signer.turn, signer.kind, signer.status])).toEqual([
      ['ana.primera@correo.test', 1, 'signer', 'invited'],
      ['beto.segundo@correo.test', 2, 'signer', 'waiting'],
      ['copia.contable@correo.test', 3, 'copy', 'waiting'],
    ]);
    for (const signer of signers) {
      expect(signer.tokenHash).toBe(signerTokenHash(t.deps.secrets.sessionSecret, signer.id, 1));
    }
    expect(await mailsTo(t, 'ana.primera@correo.test')).toHaveLength(1);
    expect(await mailsTo(t, 'beto.segundo@correo.test')).toHaveLength(0);
    expect(await mailsTo(t, 'copia.contable@correo.test')).toHaveLength(0);
    expect((await requestEvents(db, created.requestId)).map((event) => event.action)).toEqual([
      'sent',
      'invited',
    ]);
  });

  it('invites every signer of a parallel request at once, never the copy recipient', async () => {
    const created = await send(
      request({
        signingOrder: 'parallel',
        signers: [
          { number: 1, kind: 'signer', name: 'Carla', email: 'carla.par@correo.test', authentication: [] },
          { number: 2, kind: 'approver', name: 'Dario', email: 'dario.par@correo.test', authentication: [] },
          { number: 3, kind: 'copy', name: 'Eva', email: 'eva.copia@correo.test', authentication: [] },
        ],
      }),
    );
    const signers = await t.deps.database.db
      .select({ turn: signatureRequestSigners.turn, status: signatureRequestSigners.status })
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, created.requestId))
      .orderBy(signatureRequestSigners.number);
    expect(signers).toEqual([
      { turn: 1, status: 'invited' },
      { turn: 1, status: 'invited' },
      { turn: 1, status: 'waiting' },
    ]);
    expect(await mailsTo(t, 'carla.par@correo.test')).toHaveLength(1);
    expect(await mailsTo(t, 'dario.par@correo.test')).toHaveLength(1);
    expect(await mailsTo(t, 'eva.copia@correo.test')).toHaveLength(0);
  });

  it('answers 409 and writes nothing when the company has no units', async () => {
    const db = t.deps.database.db;
    const prepared = await prepareRequestDocuments(t.deps, {
      ...request({ companyId: withoutUnits }),
      documents: [{ kind: 'pdf', name: 'Anexo', pdf: await onePagePdf(), fieldBoxes: [] }],
    });
    const refused = await refusal(db.transaction((tx) => insertSignatureRequest(t.deps, tx, prepared)));
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe(NO_UNITS_MESSAGE);
    const count = async (table: typeof signatureRequests | typeof signatureRequestSigners) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.companyId, withoutUnits))
      )[0]!.n;
    expect(await count(signatureRequests)).toBe(0);
    expect(await count(signatureRequestSigners)).toBe(0);
    const emails = await db
      .select()
      .from(signatureRequestEmails)
      .where(eq(signatureRequestEmails.companyId, withoutUnits));
    expect(emails).toHaveLength(0);
    // The files stored before the refusal are removed with it.
    const key = prepared.documents[0]!.key;
    expect(await readAll(t.deps.storage, key)).not.toBeNull();
    await discardPreparedRequest(t.deps, prepared);
    expect(await readAll(t.deps.storage, key)).toBeNull();
  });

  it('refuses values that break their field type, one message per field, before storing or consuming', async () => {
    const before = await unitsUsed();
    const refused = await refusal(
      send(
        request({
          documents: [
            {
              kind: 'template',
              templateVersionId: versionId,
              name: 'Contrato',
              values: { monto: 'mil pesos', inicio: '2026-13-45', correo: 'no-es-correo', otro: 'x' },
            },
          ],
        }),
      ),
    );
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual([
      'values.correo',
      'values.inicio',
      'values.monto',
      'values.otro',
    ]);
    expect(refused.errors!['values.monto']).toBe('Solo se permiten números enteros');
    expect(refused.errors!['values.correo']).toBe('Ingrese un correo electrónico válido');

    // A required value of the sender is missing.
    const missing = await refusal(
      send(
        request({
          documents: [{ kind: 'template', templateVersionId: versionId, name: 'Contrato', values: {} }],
        }),
      ),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.errors).toEqual({ 'values.cliente': 'Este campo es obligatorio' });
    expect(await unitsUsed()).toBe(before);
  });

  it('stores a given PDF as it is, under a caller prefix when one is given', async () => {
    const pdf = await onePagePdf();
    const prefix = `companies/${withUnits}/requests/batch-7/row-3`;
    const created = await send(
      request({
        source: 'pdf',
        storagePrefix: prefix,
        documents: [
          {
            kind: 'pdf',
            name: 'Acuerdo.pdf',
            pdf,
            fieldBoxes: [
              { field: 'f1', kind: 'signature', signer: 1, page: 1, x: 72, y: 72, width: 180, height: 56 },
              { field: 'f2', kind: 'signature', signer: 2, page: 1, x: 300, y: 72, width: 180, height: 56 },
            ],
          },
        ],
      }),
    );
    const [document] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, created.requestId));
    expect(document).toMatchObject({ renderedKey: `${prefix}/document-1.pdf`, pageCount: 1 });
    expect(Buffer.compare((await readAll(t.deps.storage, document!.renderedKey))!, Buffer.from(pdf))).toBe(0);
    expect(document!.renderedSha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(document!.fieldBoxes).toHaveLength(2);
  });

  it("never renders another company's template", async () => {
    const refused = await refusal(prepareRequestDocuments(t.deps, request({ companyId: withoutUnits })));
    expect(refused.statusCode).toBe(404);
    const stillNone = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(and(eq(signatureRequests.companyId, withoutUnits)));
    expect(stillNone).toHaveLength(0);
  });
});

async function onePagePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]).drawText('Acuerdo de confidencialidad', { x: 72, y: 700 });
  return document.save();
}
