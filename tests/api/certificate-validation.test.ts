import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestDocuments } from '../../server/db/schema/index.js';
import { platformTrust } from '../../server/pades/platform-trust.js';
import { createTestRequest, type TestRequest } from '../../server/requests/core/factories.js';
import { readAll } from '../../server/storage/storage.js';
import { annotationUpdate, buildMutations } from '../support/pades/mutations.js';
import { samplePdf, temporaryDirectory } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp } from './support/mailbox.js';
import { signAndComplete } from './support/signedRequest.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** The letters and digits of validation codes. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

describe(`public certificate validation on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let request: TestRequest;
  let sealed: Uint8Array;
  let rendered: Uint8Array;

  const byCode = (code: string, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/certificate_validation/code',
      payload: { code },
      remoteAddress: ip,
    });
  const byFile = (bytes: Uint8Array, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/certificate_validation/pdf',
      payload: { filename: 'contrato.pdf', content_base64: Buffer.from(bytes).toString('base64') },
      remoteAddress: ip,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [
        { name: 'Ana Núñez Peña', email: 'ana.valida@correo.test' },
        { name: 'Bruno Ríos', email: 'bruno.valida@correo.test' },
        { name: 'Copia Interna', email: 'copia.valida@correo.test', kind: 'copy' },
      ],
    });
    await signAndComplete(t.deps, request);
    await t.deps.queue.drain();
    const [document] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    sealed = new Uint8Array((await readAll(t.deps.storage, document!.sealedKey!))!);
    rendered = new Uint8Array((await readAll(t.deps.storage, document!.renderedKey))!);
  }, 180_000);
  afterAll(() => t.close());

  it('tells who signed, when and that the sealed file is intact, from the code alone and never the content', async () => {
    const response = await byCode(request.validationCode.toLowerCase().replace(/-/g, ' '));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      validation_code: request.validationCode,
      company: 'Andina Firmas',
      status: 'completed',
      seal_status: 'sealed',
      audit_trail_intact: true,
    });
    expect(data.signers.map((signer: { name: string }) => signer.name)).toEqual([
      'Ana Núñez Peña',
      'Bruno Ríos',
    ]);
    expect(data.signers.every((signer: { signed_at: string | null }) => signer.signed_at)).toBe(true);
    expect(data.documents).toHaveLength(1);
    expect(data.documents[0]).toMatchObject({ status: 'intact', pages: 1 });
    expect(data.documents[0].status_text).toContain('Íntegro');
    expect(data.documents[0].timestamp.authority).toBe('Rúbrica Sellado de Tiempo');
    // No content, no evidence, no address of the signers.
    expect(response.body).not.toContain('Las partes acuerdan');
    expect(response.body).not.toContain('correo.test');
    expect(response.body).not.toContain('203.0.113.7');
    expect(response.body).not.toContain('content_base64');
  });

  it('answers an unknown code 404 and a malformed one 422, in Spanish', async () => {
    const unknown = await byCode('AAAA-BBBB-CCCC');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('No encontramos');
    const malformed = await byCode('no-es-un-código');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().message).toContain('12 letras');
  });

  it('stops guessing codes from one address (429 with Retry-After)', async () => {
    const ip = freshIp();
    let limited: Awaited<ReturnType<typeof byCode>> | undefined;
    for (let attempt = 0; attempt < 40 && !limited; attempt++) {
      const response = await byCode(
        `ZZZZ-ZZZZ-ZZ${CODE_ALPHABET[attempt % 30]}${CODE_ALPHABET[Math.floor(attempt / 30)]}`,
        ip,
      );
      if (response.statusCode === 429) limited = response;
      else expect(response.statusCode).toBe(404);
    }
    expect(limited?.json().message).toContain('Demasiadas solicitudes');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right code is refused from that address until the window passes.
    expect((await byCode(request.validationCode, ip)).statusCode).toBe(429);
    expect((await byCode(request.validationCode)).statusCode).toBe(200);
  });

  it('calls the sealed file intact and names its request; a plain PDF unsigned; other files refused', async () => {
    const response = await byFile(sealed);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.status).toBe('intact');
    expect(data.summary).toContain('íntegro');
    expect(data.signatures[0]).toMatchObject({ signer: 'Rúbrica Sello de Documentos', valid: true });
    expect(data.request.validation_code).toBe(request.validationCode);

    const plain = (await byFile(await samplePdf(1))).json().data;
    expect(plain).toMatchObject({ status: 'unsigned', request: null });
    expect(plain.summary).toContain('no tiene firmas');

    const notPdf = await byFile(new Uint8Array(Buffer.from('Hola, esto no es un PDF')));
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().message).toBe('El archivo no es un PDF');
  });

  it('calls every mutation of the corpus altered, an annotation-only update modified, the original intact', async () => {
    const { dir, remove } = await temporaryDirectory('rubrica-validation-corpus-');
    try {
      const trust = await platformTrust(t.deps.config);
      const mutations = await buildMutations({ original: rendered, sealed, trust, dir });
      expect(mutations.length).toBeGreaterThanOrEqual(30);
      const wrong: string[] = [];
      for (const mutation of mutations) {
        const response = await byFile(mutation.bytes);
        expect(response.statusCode, mutation.name).toBe(200);
        const data = response.json().data;
        if (data.status !== 'altered') wrong.push(`${mutation.name}: ${data.status}`);
        // Only the untouched bytes name the request.
        expect(data.request, mutation.name).toBeNull();
      }
      expect(wrong).toEqual([]);
      const annotated = (await byFile(await annotationUpdate(sealed))).json().data;
      expect(annotated.status).toBe('modified');
      expect(annotated.summary).toContain('modificado después de firmado');
      expect((await byFile(sealed)).json().data.status).toBe('intact');
    } finally {
      await remove();
    }
  }, 300_000);

  it('reports a stored sealed file swapped behind the platform’s back as altered', async () => {
    const other = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Carla Cambio', email: 'carla.valida@correo.test' }],
    });
    await signAndComplete(t.deps, other);
    await t.deps.queue.drain();
    const [document] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, other.requestId));
    await t.deps.storage.put(document!.sealedKey!, sealed);
    const data = (await byCode(other.validationCode)).json().data;
    expect(data.documents[0]).toMatchObject({ status: 'altered' });
    expect(data.documents[0].status_text).toContain('Alterado');
  });
});
