import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { signatureRequestDocuments } from '../../server/db/schema/index.js';
import { readAll } from '../../server/storage/storage.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * Merge values keep what the sender typed, and the document (the PDF the signer's page draws and
 * seals) prints them the Colombian way: «1 de diciembre de 2026», «2.500.000».
 */

let t: TestApp;
let tokens: TenantTokens;
let group: SendingGroup;
let call: ReturnType<typeof endpointCaller>;

beforeAll(async () => {
  t = await createTestApp();
  const tenants = await createTenants(t, { password: 'Valores-Clave-2026' });
  tokens = tenants.tokens;
  call = endpointCaller(t.app);
  const plan = await createPlan(t.deps.database.db, { name: 'Valores', signatures: 10 });
  await assignPlan(t.deps.database.db, {
    companyId: tenants.ids.andina,
    planId: plan,
    startsAt: new Date(Date.now() - 86_400_000),
    unitsTotal: 10,
  });
  group = await createSendingGroup(t, { companyId: tenants.ids.andina, adminToken: tokens.elena });
});
afterAll(() => t.close());

/** The text of a PDF, spaces collapsed (poppler's pdftotext). */
function pdfText(pdf: Uint8Array): string {
  const folder = mkdtempSync(join(tmpdir(), 'rubrica-valores-'));
  try {
    const path = join(folder, 'documento.pdf');
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', [path, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return text.replace(/\s+/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe(`merge values on ${testDatabaseKind}`, () => {
  it('stores the raw values and prints them formatted in the document the signer sees', async () => {
    const sent = await call(tokens.oscar, 'processSignatureRequest', { body: sendingBody(group.packageId) });
    expect(sent.status, sent.message).toBe(200);
    const detail = await call(tokens.oscar, 'viewSignatureRequestHistory', {
      body: { request_id: sent.data.request_id },
    });
    expect(detail.data.documents[0]!.field_values).toMatchObject({ valor: '2500000', inicio: '2026-12-01' });

    const [document] = await t.deps.database.db
      .select({ key: signatureRequestDocuments.renderedKey })
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, sent.data.request_id))
      .orderBy(signatureRequestDocuments.position);
    const text = pdfText((await readAll(t.deps.storage, document!.key))!);
    expect(text).toContain('por 2.500.000 pesos desde 1 de diciembre de 2026, plan Pro.');
    expect(text).not.toMatch(/2500000|2026-12-01/);
  });

  it('prints a date field as 01/12/2026 when the template chooses the numeric format', async () => {
    const fields = [
      { name: 'corte', label: 'Fecha de corte', type: 'date', date_format: 'numeric', filled_by: 0 },
      { name: 'firma', label: 'Firma', type: 'date', filled_by: 0 },
    ];
    const preview = await call(tokens.elena, 'pdfPreview', {
      body: {
        html: '<p>Corte: <span data-field="corte">corte</span>; firma: <span data-field="firma">firma</span>.</p>',
        fields,
        values: { corte: '2027-01-31', firma: '2027-01-31' },
      },
    });
    expect(preview.status, preview.message).toBe(200);
    const text = pdfText(Buffer.from(preview.data.pdf_base64, 'base64'));
    expect(text).toContain('Corte: 31/01/2027; firma: 31 de enero de 2027.');
  });
});
