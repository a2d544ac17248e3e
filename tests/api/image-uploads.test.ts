import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestSigners } from '../../server/db/schema/index.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { readAll } from '../../server/storage/storage.js';
import {
  GPS_MARK,
  jpegClaiming,
  jpegWithLocation,
  pngClaiming,
  truncatedPng,
  withGpsExif,
} from '../../server/uploads/testing/hostile-images.js';
import { signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * Every image a signer or a user posts is decoded within its pixel limit before it is stored:
 * the signer's signature and selfie (and the face check before it) and a user's own signature.
 * A header claiming 65,535 × 65,535 or 30,000 × 30,000 pixels, or a file cut short, answers 422
 * naming the field; what is kept is the image encoded afresh, without its EXIF (GPS included).
 * Logos and banners have the same cases in company-writes and banners.
 */

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let call: ReturnType<typeof signingCaller>;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: 'Imagenes-2026' }));
  call = signingCaller(t, '10.40.0.1');
});
afterAll(() => t.close());

const base64 = (bytes: Buffer) => bytes.toString('base64');

/** The three hostile files and the message each gets, for an image named `of`. */
async function hostileImages(of: string) {
  return [
    [
      pngClaiming(65_535, 65_535),
      `La imagen ${of} mide 65.535 × 65.535 píxeles; el máximo es 40 megapíxeles`,
    ],
    [
      await jpegClaiming(30_000, 30_000),
      `La imagen ${of} mide 30.000 × 30.000 píxeles; el máximo es 40 megapíxeles`,
    ],
    [await truncatedPng(), `La imagen ${of} está dañada o incompleta y no se puede leer`],
  ] as const;
}

async function signerRow(signerId: number) {
  const [signer] = await t.deps.database.db
    .select()
    .from(signatureRequestSigners)
    .where(eq(signatureRequestSigners.id, signerId));
  return signer!;
}

describe('images posted by signers and users', () => {
  it('upload_sign_images: refuses pixel bombs and cut files on `image`, keeps a PNG without metadata', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Rita Firma', email: 'rita.firma@correo.test' }],
    });
    const signer = request.signers[0]!;
    for (const [bytes, message] of await hostileImages('de la firma')) {
      const refused = await call('upload_sign_images', {
        token: signer.token,
        image: base64(bytes),
        kind: 'uploaded',
      });
      expect([refused.status, refused.json]).toEqual([422, { message, errors: { image: message } }]);
    }
    expect((await signerRow(signer.id)).signatureKey).toBeNull();
    const kept = await call('upload_sign_images', {
      token: signer.token,
      image: base64(await jpegWithLocation()),
      kind: 'uploaded',
    });
    expect(kept.status).toBe(200);
    const stored = await readAll(t.deps.storage, (await signerRow(signer.id)).signatureKey!);
    expect(stored!.includes(GPS_MARK) || stored!.includes('<html>')).toBe(false);
    const metadata = await sharp(stored!).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['png', undefined]);
  });

  it('upload_photos_logs and detect_face: refuse them before any face detection; a selfie keeps its face, loses its GPS', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Sol Selfie', email: 'sol.selfie@correo.test', authentication: ['selfie'] }],
    });
    const signer = request.signers[0]!;
    for (const [bytes, message] of await hostileImages('de la foto')) {
      const detected = await call('detect_face', { token: signer.token, image: base64(bytes) });
      expect([detected.status, detected.json]).toEqual([422, { message, errors: { image: message } }]);
      const refused = await call('upload_photos_logs', {
        token: signer.token,
        image: base64(bytes),
        consent: true,
      });
      expect([refused.status, refused.json]).toEqual([422, { message, errors: { image: message } }]);
    }
    expect((await signerRow(signer.id)).selfieKey).toBeNull();
    const photo = withGpsExif(readFileSync('server/uploads/fixtures/astronaut.jpg'));
    expect(photo.includes(GPS_MARK)).toBe(true);
    const kept = await call('upload_photos_logs', {
      token: signer.token,
      image: base64(photo),
      consent: true,
    });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    const stored = await readAll(t.deps.storage, (await signerRow(signer.id)).selfieKey!);
    expect(stored!.includes(GPS_MARK)).toBe(false);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    // The stored selfie is the re-encoded one, still a face.
    expect((await call('detect_face', { token: signer.token, image: base64(stored!) })).json.data).toEqual({
      faces: 1,
      ok: true,
    });
  });

  it('update_signature: refuses them on `signature_image`', async () => {
    for (const [bytes, message] of await hostileImages('de la firma')) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/update_signature/${ids.elena}`,
        headers: bearer(tokens.elena),
        payload: { signature_image: { filename: 'firma.png', content_base64: base64(bytes) } },
      });
      expect([refused.statusCode, refused.json()]).toEqual([
        422,
        { message, errors: { signature_image: message } },
      ]);
    }
    const read = await t.app.inject({
      url: `/api/get_user_signature/${ids.elena}`,
      headers: bearer(tokens.elena),
    });
    expect(read.json().data.signature_image).toBeNull();
  });
});
