import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signatureRequestSigners } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import {
  detectFace,
  normalisePhoto,
  normaliseSignatureImage,
  requireSingleFace,
} from '../../uploads/index.js';
import { appendRequestEvent } from '../core/events.js';
import { isTheirTurn, openSigner, SIGNING_MESSAGES } from './signer.js';

/** The signer's images: the signature (drawn or uploaded) and the optional selfie. */

const decode = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

const signerFolder = (signer: { companyId: number; requestId: number; id: number }) =>
  `companies/${signer.companyId}/requests/${signer.requestId}/signers/${signer.id}`;

type Context = { token: string; image: string; ip: string; userAgent: string | undefined };

/** upload_sign_images: re-encoded as PNG (metadata gone, size and pixels bounded), kept for signing. */
export async function saveSignatureImage(deps: Deps, input: Context & { kind: 'drawn' | 'uploaded' }) {
  const { db } = deps.database;
  const { signer } = await openSigner(deps, db, input.token);
  if (!(await isTheirTurn(db, signer))) throw new HttpProblem(409, SIGNING_MESSAGES.notYourTurn);
  const image = await normaliseSignatureImage(decode(input.image));
  const key = `${signerFolder(signer)}/signature.png`;
  await deps.storage.put(key, image.bytes);
  await db
    .update(signatureRequestSigners)
    .set({ signatureKey: key, signatureKind: input.kind, signatureBytes: image.bytes.length })
    .where(eq(signatureRequestSigners.id, signer.id));
  return { width: image.width, height: image.height };
}

/** detect_face: how many faces the photo shows; nothing is kept. */
export async function countFaces(deps: Deps, input: Context) {
  await openSigner(deps, deps.database.db, input.token);
  const detection = await detectFace(decode(input.image));
  return { faces: detection.faceCount, ok: detection.accepted };
}

/** upload_photos_logs: the selfie (exactly one face), re-encoded, stored with its SHA-256. */
export async function saveSelfie(deps: Deps, input: Context) {
  const { db } = deps.database;
  const { signer, request } = await openSigner(deps, db, input.token);
  const bytes = decode(input.image);
  await requireSingleFace(bytes);
  const photo = await normalisePhoto(bytes);
  const sha256 = createHash('sha256').update(photo.bytes).digest('hex');
  const key = `${signerFolder(signer)}/selfie-${sha256.slice(0, 16)}.jpg`;
  await deps.storage.put(key, photo.bytes);
  await db.transaction(async (tx) => {
    await tx
      .update(signatureRequestSigners)
      .set({ selfieKey: key, selfieSha256: sha256, selfieBytes: photo.bytes.length })
      .where(eq(signatureRequestSigners.id, signer.id));
    await appendRequestEvent(tx, {
      requestId: request.id,
      signerId: signer.id,
      action: 'selfie',
      details: { sha256, consent: true },
      ip: input.ip,
      userAgent: input.userAgent ?? null,
    });
  });
  return { sha256 };
}
