import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SIGNATURE_SETTINGS_MESSAGES as MESSAGES,
  type signatureSettingsRecord,
} from '../../../contract/endpoints/signatureSettings.js';
import { ROLE } from '../../../contract/permissions.js';
import { users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { HttpProblem, notFound } from '../../errors.js';
import { verifyChain } from '../../pades/chain.js';
import type { SigningIdentity } from '../../pades/cms.js';
import { commonName } from '../../pades/crypto.js';
import { loadPkcs12, Pkcs12Error } from '../../pades/pkcs12.js';
import { platformTrust } from '../../pades/platform-trust.js';
import { readAll } from '../../storage/storage.js';
import { IMAGE_FIELDS, normaliseSignatureImage } from '../../uploads/images.js';
import { openCertificate, sealCertificate } from './certificateBox.js';

/**
 * Each user's signature settings: the signature image they keep (applied when the company signs
 * automatically), and for role 20 a PKCS#12 certificate that signs their own documents after the
 * platform seal. Files live in storage under the user; the certificate only encrypted.
 */

type SettingsRecord = z.input<typeof signatureSettingsRecord>;
type CertificateDetails = NonNullable<SettingsRecord['certificate']>;
/** Refusals of the image name the body field it came in. */
const SIGNATURE_IMAGE_FIELD = { ...IMAGE_FIELDS.signature, name: 'signature_image' };

const keys = (userId: number) => ({
  image: `users/${userId}/signature.png`,
  certificate: `users/${userId}/signing-certificate.bin`,
  details: `users/${userId}/signing-certificate.json`,
});

async function roleOf(deps: Deps, userId: number): Promise<number> {
  const [user] = await deps.database.db
    .select({ roleId: users.roleId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  return user.roleId;
}

export async function getUserSignature(deps: Deps, actor: Actor, userId: number): Promise<SettingsRecord> {
  if (actor.userId !== userId) throw new HttpProblem(403, MESSAGES.onlyOwn);
  const role = await roleOf(deps, userId);
  const image = await readAll(deps.storage, keys(userId).image);
  const details = await readAll(deps.storage, keys(userId).details);
  return {
    user_id: userId,
    signature_image: image ? `data:image/png;base64,${image.toString('base64')}` : null,
    certificate_allowed: role === ROLE.administrator,
    certificate:
      details && role === ROLE.administrator ? (JSON.parse(details.toString()) as CertificateDetails) : null,
  };
}

/** Opens the uploaded PKCS#12 and checks it chains to a root the platform accepts for signatures. */
async function checkedCertificate(
  deps: Deps,
  upload: { content_base64: string; password: string },
): Promise<{ bytes: Uint8Array; details: CertificateDetails }> {
  const bytes = new Uint8Array(Buffer.from(upload.content_base64, 'base64'));
  let identity: SigningIdentity;
  try {
    identity = await loadPkcs12(bytes, upload.password);
  } catch (error) {
    if (error instanceof Pkcs12Error)
      throw new HttpProblem(422, `${MESSAGES.badCertificate}: ${error.message}`, {
        certificate: MESSAGES.badCertificate,
      });
    throw error;
  }
  const now = deps.clock.now();
  const trust = await platformTrust(deps.config);
  const chain = await verifyChain(identity.certificate, identity.chain, trust.signerRoots, now);
  if (!chain.trusted) throw new HttpProblem(422, MESSAGES.untrusted, { certificate: MESSAGES.untrusted });
  return {
    bytes,
    details: {
      subject: commonName(identity.certificate.subject),
      issuer: commonName(identity.certificate.issuer),
      valid_until: identity.certificate.notAfter.value.toISOString(),
      uploaded_at: now.toISOString(),
    },
  };
}

export async function updateSignature(
  deps: Deps,
  actor: Actor,
  userId: number,
  body: {
    signature_image?: { content_base64: string };
    remove_signature_image?: boolean;
    certificate?: { content_base64: string; password: string };
    remove_certificate?: boolean;
  },
): Promise<SettingsRecord> {
  if (actor.userId !== userId) throw new HttpProblem(403, MESSAGES.onlyOwn);
  const role = await roleOf(deps, userId);
  if ((body.certificate || body.remove_certificate) && role !== ROLE.administrator)
    throw new HttpProblem(403, MESSAGES.certificateRole);
  const key = keys(userId);
  // Everything is checked before anything is written.
  const image = body.signature_image
    ? await normaliseSignatureImage(
        new Uint8Array(Buffer.from(body.signature_image.content_base64, 'base64')),
        SIGNATURE_IMAGE_FIELD,
      )
    : undefined;
  const certificate = body.certificate ? await checkedCertificate(deps, body.certificate) : undefined;
  if (image) await deps.storage.put(key.image, image.bytes);
  else if (body.remove_signature_image) await deps.storage.delete(key.image);
  if (certificate) {
    await deps.storage.put(
      key.certificate,
      sealCertificate(deps.secrets.sessionSecret, {
        pkcs12: certificate.bytes,
        password: body.certificate!.password,
      }),
    );
    await deps.storage.put(key.details, Buffer.from(JSON.stringify(certificate.details)));
  } else if (body.remove_certificate) {
    await deps.storage.delete(key.details);
    await deps.storage.delete(key.certificate);
  }
  return getUserSignature(deps, actor, userId);
}

/** The signing identity of a role-20 user's own certificate, or null when they keep none. */
export async function userSigningIdentity(deps: Deps, userId: number): Promise<SigningIdentity | null> {
  if ((await roleOf(deps, userId).catch(() => null)) !== ROLE.administrator) return null;
  const sealed = await readAll(deps.storage, keys(userId).certificate);
  if (!sealed) return null;
  const stored = openCertificate(deps.secrets.sessionSecret, sealed);
  return loadPkcs12(stored.pkcs12, stored.password);
}

/** The PNG a user keeps as their signature, or null. */
export async function userSignatureImage(deps: Deps, userId: number): Promise<Uint8Array | null> {
  const image = await readAll(deps.storage, keys(userId).image);
  return image ? new Uint8Array(image) : null;
}
