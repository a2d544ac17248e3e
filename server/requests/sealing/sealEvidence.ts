import { type EventPerson, requestEventSentence } from '../../../contract/requestEvents.js';
import { inIds } from '../../db/idArrays.js';
import { type signatureRequestEvents, type signatureRequestSigners, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { CertificateAuditEntry, CertificateSigner } from '../../pades/completion-certificate.js';
import type { Stamp, StampBox, StampValue } from '../../pades/stamp.js';
import { maskDestination, type OtpChannel } from '../../security/masking.js';
import { readAll } from '../../storage/storage.js';
import { consentText } from '../core/consent.js';
import type { FieldBoxRecord } from '../core/create.js';
import { toAuditEntry } from '../core/events.js';

/** What a sealed document carries of its signers: the stamps in its boxes and the certificate's evidence. */

type SignerRow = typeof signatureRequestSigners.$inferSelect;
type EventRow = typeof signatureRequestEvents.$inferSelect;

const OTP_CHANNELS: readonly OtpChannel[] = ['email', 'sms', 'whatsapp'];

function isFieldBox(value: Record<string, unknown>): value is FieldBoxRecord {
  return (
    typeof value.field === 'string' &&
    typeof value.kind === 'string' &&
    typeof value.signer === 'number' &&
    ['page', 'x', 'y', 'width', 'height'].every((key) => typeof value[key] === 'number')
  );
}

const textOf = (values: Record<string, unknown>, field: string) => {
  const value = values[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

/** `2026-11-24` (the date picker's value) as `24/11/2026`; anything else as typed. */
function dateText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The signature of a signer: the stored PNG, or the typed text in the handwriting face. */
async function signatureValue(
  deps: Pick<Deps, 'storage'>,
  signer: SignerRow,
): Promise<StampValue | undefined> {
  if (signer.signatureKind === 'typed') {
    const text = textOf(signer.fieldValues, 'signature_text');
    return text
      ? { kind: 'typed_signature', text, name: signer.name, signedAt: signer.signedAt ?? undefined }
      : undefined;
  }
  if (!signer.signatureKey) return undefined;
  const png = await readAll(deps.storage, signer.signatureKey);
  if (!png) throw new Error(`falta la imagen de firma del firmante ${signer.id}`);
  return {
    kind: 'signature_image',
    png: new Uint8Array(png),
    name: signer.name,
    signedAt: signer.signedAt ?? undefined,
  };
}

function boxValue(
  box: FieldBoxRecord,
  signer: SignerRow,
  signature: StampValue | undefined,
): StampValue | undefined {
  const values = signer.fieldValues;
  switch (box.kind) {
    case 'signature':
      return signature;
    case 'signing_date':
      return signer.signedAt ? { kind: 'date', at: signer.signedAt } : undefined;
    case 'initials': {
      const text = textOf(values, box.field);
      return text ? { kind: 'initials', text } : undefined;
    }
    case 'checkbox':
      return values[box.field] === undefined
        ? undefined
        : { kind: 'checkbox', checked: values[box.field] === 'true' };
    case 'date': {
      const text = textOf(values, box.field);
      return text ? { kind: 'text', text: dateText(text) } : undefined;
    }
    case 'text': {
      const text = textOf(values, box.field);
      return text ? { kind: 'text', text } : undefined;
    }
    default:
      return undefined;
  }
}

/** Every box of a document filled with the values of the signer it belongs to (signed signers only). */
export async function stampsFor(
  deps: Pick<Deps, 'storage'>,
  fieldBoxes: Record<string, unknown>[],
  signers: SignerRow[],
): Promise<Stamp[]> {
  const signed = new Map(signers.filter((signer) => signer.status === 'signed').map((s) => [s.number, s]));
  const signatures = new Map<number, StampValue | undefined>();
  const stamps: Stamp[] = [];
  for (const box of fieldBoxes.filter(isFieldBox)) {
    const signer = signed.get(box.signer);
    if (!signer) continue;
    if (!signatures.has(signer.id)) signatures.set(signer.id, await signatureValue(deps, signer));
    const value = boxValue(box, signer, signatures.get(signer.id));
    if (value)
      stamps.push({
        box: { page: box.page, x: box.x, y: box.y, width: box.width, height: box.height },
        value,
      });
  }
  return stamps;
}

/** The kinds whose boxes the renderer draws as grey placeholders with a caption (`rubrica-box`). */
const PLACEHOLDER_KINDS: ReadonlySet<string> = new Set(['signature', 'initials', 'signing_date']);

/**
 * The boxes whose rendered placeholder gives way to the stamps. A PDF request's boxes are listed
 * too: its uploaded pages draw no placeholder, so nothing is found there and nothing changes.
 */
export function placeholderBoxes(fieldBoxes: Record<string, unknown>[]): StampBox[] {
  return fieldBoxes
    .filter(isFieldBox)
    .filter((box) => PLACEHOLDER_KINDS.has(box.kind))
    .map(({ page, x, y, width, height }) => ({ page, x, y, width, height }));
}

const MASK = '•';

/** The evidence of each signer (copy recipients sign nothing) for the certificate of completion. */
export function certificateSigners(signers: SignerRow[], events: EventRow[]): CertificateSigner[] {
  return signers
    .filter((signer) => signer.kind !== 'copy')
    .sort((a, b) => a.number - b.number)
    .map((signer) => {
      const channel = OTP_CHANNELS.find((candidate) => candidate === signer.otpChannel);
      const validated = events.findLast(
        (event) => event.signerId === signer.id && event.action === 'otp_validated',
      );
      const destination = signer.otpDestination ?? '';
      return {
        name: signer.name,
        email: signer.email,
        identificationType: signer.idType ?? 'Sin identificación',
        identificationNumber: signer.idNumber ?? '',
        otp:
          channel && destination
            ? {
                channel,
                // Stored masked by the signing page; masked again here if an older row kept it whole.
                maskedDestination: destination.includes(MASK)
                  ? destination
                  : maskDestination(channel, destination),
                verifiedAt: validated?.at ?? signer.signedAt ?? signer.createdAt,
              }
            : undefined,
        selfieSha256: signer.selfieSha256 ?? undefined,
        ip: signer.ip ?? undefined,
        userAgent: signer.userAgent ?? undefined,
        consentVersion: signer.consentVersion ?? undefined,
        consentText: signer.consentVersion ? consentText(signer.consentVersion) : undefined,
        viewedAt: signer.viewedAt ?? undefined,
        signedAt: signer.signedAt ?? undefined,
        rejectedAt: signer.rejectedAt ?? undefined,
        rejectionReason: signer.rejectionReason ?? undefined,
      };
    });
}

/**
 * The company's own signature on an auto-signed request, as the certificate lists it: the approver
 * who approved it, when, and from where (the `auto_sign_approved` event).
 */
export function autoSignSigner(
  company: { fiscalName: string; taxId: string | null },
  approver: { name: string; lastName: string | null; email: string },
  events: EventRow[],
): CertificateSigner | undefined {
  const approval = events.findLast((event) => event.action === 'auto_sign_approved');
  if (!approval) return undefined;
  const approverName = [approver.name, approver.lastName].filter(Boolean).join(' ');
  return {
    name: `${company.fiscalName} (firma automática aprobada por ${approverName})`,
    email: approver.email,
    identificationType: 'NIT',
    identificationNumber: company.taxId ?? '',
    ip: approval.ip ?? undefined,
    userAgent: approval.userAgent ?? undefined,
    viewedAt: approval.at,
    signedAt: approval.at,
  };
}

/**
 * The trail as the certificate prints it: every chained entry as recorded, with the Spanish
 * sentence it reads as, naming the user who acted and the signer it concerns.
 */
export function certificateAuditTrail(
  events: EventRow[],
  signers: SignerRow[],
  users: ReadonlyMap<number, EventPerson>,
): CertificateAuditEntry[] {
  const bySigner = new Map(signers.map((signer) => [signer.id, { name: signer.name, email: signer.email }]));
  return events.map((event) => ({
    ...toAuditEntry(event),
    sentence: requestEventSentence({
      action: event.action,
      details: event.details,
      user: event.userId === null ? null : (users.get(event.userId) ?? null),
      signer: event.signerId === null ? null : (bySigner.get(event.signerId) ?? null),
    }),
  }));
}

/** The users named by a trail (senders, approvers), by id, as its sentences name them. */
export async function eventUsers(
  deps: Pick<Deps, 'database'>,
  events: EventRow[],
): Promise<Map<number, EventPerson>> {
  const ids = [...new Set(events.flatMap((event) => (event.userId === null ? [] : [event.userId])))];
  const rows = await deps.database.db
    .select({ id: users.id, name: users.name, lastName: users.lastName })
    .from(users)
    .where(inIds(users.id, ids));
  return new Map(rows.map((row) => [row.id, { name: [row.name, row.lastName].filter(Boolean).join(' ') }]));
}
