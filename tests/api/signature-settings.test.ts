import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestDocuments } from '../../server/db/schema/index.js';
import { certificateDer, pemEncode, subtle } from '../../server/pades/crypto.js';
import { platformTrust } from '../../server/pades/platform-trust.js';
import { validateSealedPdf } from '../../server/pades/validate-pdf.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { readAll } from '../../server/storage/storage.js';
import { solidPng } from '../support/documents/tools.js';
import { foreignIdentity, pdfsig, run, temporaryDirectory, writeTemp } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { tokenPayload } from './support/mailbox.js';
import { signAndComplete } from './support/signedRequest.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Clave-Del-Certificado-2026';

/** A .p12 written by openssl, as a user brings it from a certification authority. */
async function opensslPkcs12(dir: string, name: string, user: Awaited<ReturnType<typeof foreignIdentity>>) {
  const text = (value: string) => new TextEncoder().encode(value);
  const key = await writeTemp(
    dir,
    `${name}.key`,
    text(pemEncode('PRIVATE KEY', await subtle.exportKey('pkcs8', user.identity.privateKey))),
  );
  const cert = await writeTemp(
    dir,
    `${name}.crt`,
    text(pemEncode('CERTIFICATE', certificateDer(user.identity.certificate))),
  );
  const chain = await writeTemp(
    dir,
    `${name}-chain.crt`,
    text(pemEncode('CERTIFICATE', certificateDer(user.root))),
  );
  const out = join(dir, `${name}.p12`);
  await run('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-certfile',
    chain,
    '-passout',
    `pass:${PASSWORD}`,
    '-out',
    out,
  ]);
  return Buffer.from(await readFile(out)).toString('base64');
}

describe(`signature settings on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let files: Awaited<ReturnType<typeof temporaryDirectory>>;
  let trustedP12: string;
  let strangerP12: string;
  let adminId: number;

  beforeAll(async () => {
    files = await temporaryDirectory('rubrica-signature-settings-');
    const user = await foreignIdentity('Ana Administradora', {
      rootName: 'Autoridad Certificadora Aceptada',
    });
    const stranger = await foreignIdentity('Ana Administradora', { rootName: 'Autoridad Desconocida' });
    const roots = join(files.dir, 'roots.pem');
    await writeFile(roots, pemEncode('CERTIFICATE', certificateDer(user.root)));
    trustedP12 = await opensslPkcs12(files.dir, 'trusted', user);
    strangerP12 = await opensslPkcs12(files.dir, 'stranger', stranger);
    t = await createTestApp({ env: { SIGNING_TRUSTED_ROOTS_PATH: roots } });
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    adminId = tokenPayload(tokens.admin).id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await files.remove();
  });

  const update = (token: string, id: number, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/update_signature/${id}`,
      headers: bearer(token),
      payload: body,
    });
  const read = (token: string, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/get_user_signature/${id}`, headers: bearer(token) });

  it('keeps a user’s signature image, re-encoded as PNG, and only their own', async () => {
    const saved = await update(tokens.elena, ids.elena, {
      signature_image: {
        filename: 'firma.png',
        content_base64: solidPng(300, 90, [10, 20, 90]).toString('base64'),
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Configuración de firma guardada');
    const data = (await read(tokens.elena, ids.elena)).json().data;
    expect(data.signature_image).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(data).toMatchObject({ certificate_allowed: false, certificate: null });

    const someoneElse = await update(tokens.admin, ids.elena, { remove_signature_image: true });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().message).toBe('Solo puede configurar su propia firma');
    // Another company's user is not even found.
    expect((await read(tokens.branch, ids.elena)).statusCode).toBe(404);
    const notAnImage = await update(tokens.elena, ids.elena, {
      signature_image: {
        filename: 'firma.png',
        content_base64: Buffer.from('no es una imagen').toString('base64'),
      },
    });
    expect(notAnImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notAnImage.statusCode).toBeLessThan(500);

    const removed = await update(tokens.elena, ids.elena, { remove_signature_image: true });
    expect(removed.json().data.signature_image).toBeNull();
  });

  it('accepts a PKCS#12 only from role 20, with its password, from an accepted authority, and stores it encrypted', async () => {
    const forbidden = await update(tokens.elena, ids.elena, {
      certificate: { filename: 'firma.p12', content_base64: trustedP12, password: PASSWORD },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('rol Administrador');

    const wrongPassword = await update(tokens.admin, adminId, {
      certificate: { filename: 'firma.p12', content_base64: trustedP12, password: 'otra-clave' },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().message).toContain('El certificado o su contraseña no son válidos');
    expect(wrongPassword.body).not.toContain('otra-clave');

    const untrusted = await update(tokens.admin, adminId, {
      certificate: { filename: 'firma.p12', content_base64: strangerP12, password: PASSWORD },
    });
    expect(untrusted.statusCode).toBe(422);
    expect(untrusted.json().message).toContain('autoridad de certificación aceptada');

    const saved = await update(tokens.admin, adminId, {
      certificate: { filename: 'firma.p12', content_base64: trustedP12, password: PASSWORD },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      certificate_allowed: true,
      certificate: { subject: 'Ana Administradora', issuer: 'Autoridad Certificadora Aceptada' },
    });
    expect(saved.body).not.toContain(PASSWORD);
    const stored = (await readAll(t.deps.storage, `users/${adminId}/signing-certificate.bin`))!;
    expect(stored.includes(Buffer.from(PASSWORD))).toBe(false);
    expect(stored.includes(Buffer.from(trustedP12, 'base64').subarray(0, 64))).toBe(false);
  });

  it('signs the documents of a role-20 sender with their certificate after the platform seal', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: 1,
      createdBy: adminId,
      signers: [{ name: 'Carlos Cliente', email: 'carlos.cliente@correo.test' }],
    });
    await signAndComplete(t.deps, request);
    await t.deps.queue.drain();
    const [document] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    const pdf = new Uint8Array((await readAll(t.deps.storage, document!.sealedKey!))!);
    const verdict = await validateSealedPdf(pdf, await platformTrust(t.deps.config));
    expect(verdict.status).toBe('intact');
    expect(verdict.signatures.map((signature) => signature.signer)).toEqual([
      'Rúbrica Sello de Documentos',
      'Ana Administradora',
    ]);
    expect(verdict.signatures.every((signature) => signature.valid && signature.timestamp)).toBe(true);
    const report = await pdfsig(await writeTemp(files.dir, 'own.pdf', pdf));
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain('Ana Administradora');
  });
});
