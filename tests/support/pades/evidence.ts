import { requestEventSentence } from '../../../contract/requestEvents.js';
import { type AuditEntry, chainEntry, type JsonValue } from '../../../server/pades/audit-chain.js';
import type {
  CertificateAuditEntry,
  CompletionCertificateInput,
} from '../../../server/pades/completion-certificate.js';
import { CONSENT } from '../../../server/requests/core/consent.js';

/** Evidence for the certificate and sealing tests and the bench: two signers, a chained audit trail. */

export const hostile = 'Ña #panic("x") $x^2$ <etiqueta> @ref *negrita* _it_ // ] ) \\ `code`';

const SIGNER_EMAIL = 'jose.nunez.con.un.correo.muy.largo@dominio-extremadamente-largo.com.co';
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

/** Who the trail's actors are, as the sealing job looks them up. */
export const TRAIL_PEOPLE = {
  'user:3': { name: 'Elena Ríos' },
  'signer:1': { name: 'José Núñez Peña', email: SIGNER_EMAIL },
  'signer:2': { name: 'María Ríos', email: 'maria@empresa.co' },
} as const;

type Step = { actor: keyof typeof TRAIL_PEOPLE | null; action: string; data: { [key: string]: JsonValue } };

const from = (ip: string) => ({ ip, userAgent: USER_AGENT });

/** A request's trail as the server writes it: sent, the first signer signs, the second rejects. */
const STEPS: Step[] = [
  {
    actor: 'user:3',
    action: 'sent',
    data: {
      source: 'single',
      signers: 2,
      documents: [{ name: `Contrato ${hostile}`, sha256: 'a1'.repeat(32) }],
    },
  },
  { actor: 'signer:1', action: 'invited', data: {} },
  { actor: 'signer:1', action: 'opened', data: from('190.24.1.2') },
  {
    actor: 'signer:1',
    action: 'otp_sent',
    data: { channel: 'sms', destination: '+57••••••4567', ...from('190.24.1.2') },
  },
  {
    actor: 'signer:1',
    action: 'otp_validated',
    data: { channel: 'sms', destination: '+57••••••4567', ...from('190.24.1.2') },
  },
  {
    actor: 'signer:1',
    action: 'selfie',
    data: { sha256: 'c3'.repeat(32), consent: true, ...from('190.24.1.2') },
  },
  {
    actor: 'signer:1',
    action: 'signed',
    data: { consentVersion: CONSENT.version, signatureKind: 'drawn', ...from('190.24.1.2') },
  },
  { actor: 'signer:2', action: 'invited', data: {} },
  { actor: 'signer:2', action: 'rejected', data: { reason: hostile, ...from('181.50.3.4') } },
];

/** The first `count` entries of that trail (reminders to the second signer past its end), chained, with their sentences. */
export function auditTrail(count: number): CertificateAuditEntry[] {
  const entries: CertificateAuditEntry[] = [];
  for (let index = 0; index < count; index++) {
    const step = STEPS[index] ?? { actor: 'signer:2', action: 'reminded', data: {} };
    const entry: AuditEntry = chainEntry(entries.at(-1), {
      at: new Date(Date.UTC(2026, 2, 1, 14, index)).toISOString(),
      actor: step.actor,
      action: step.action,
      data: step.data,
    });
    const person = step.actor ? TRAIL_PEOPLE[step.actor] : null;
    const sentence = requestEventSentence({
      action: step.action,
      details: step.data,
      user: step.actor?.startsWith('user:') ? person : null,
      signer: step.actor?.startsWith('signer:') ? person : null,
    });
    entries.push({ ...entry, sentence });
  }
  return entries;
}

export function certificateInput(
  overrides: Partial<CompletionCertificateInput> = {},
): CompletionCertificateInput {
  return {
    requestId: 'SR-2026-000123',
    documentName: `Contrato ${hostile}`,
    originalSha256: 'a1'.repeat(32),
    signedSha256: 'b2'.repeat(32),
    signers: [
      {
        name: 'José Núñez Peña',
        email: SIGNER_EMAIL,
        identificationType: 'CC',
        identificationNumber: '1.020.304.050',
        otp: {
          channel: 'sms',
          maskedDestination: '+57••••••4567',
          verifiedAt: new Date('2026-03-01T14:05:00Z'),
        },
        selfieSha256: 'c3'.repeat(32),
        ip: '190.24.1.2',
        userAgent: USER_AGENT,
        consentVersion: CONSENT.version,
        consentText: CONSENT.text,
        viewedAt: new Date('2026-03-01T14:02:00Z'),
        signedAt: new Date('2026-03-02T03:30:15Z'),
      },
      {
        name: 'María Ríos',
        email: 'maria@empresa.co',
        identificationType: 'CE',
        identificationNumber: '998877',
        otp: {
          channel: 'whatsapp',
          maskedDestination: '+57••••••1111',
          verifiedAt: new Date('2026-03-01T15:00:00Z'),
        },
        rejectedAt: new Date('2026-03-01T15:01:00Z'),
        rejectionReason: hostile,
      },
    ],
    auditTrail: auditTrail(STEPS.length),
    validationCode: 'K7QM-2XHD-9TRB',
    publicUrl: 'https://firma.example.co/',
    issuedAt: new Date('2026-03-02T04:00:00Z'),
    ...overrides,
  };
}
