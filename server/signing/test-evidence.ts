import { type AuditEntry, chainEntry } from './audit-chain.js';
import type { CompletionCertificateInput } from './completion-certificate.js';

/** Evidence for the certificate and sealing tests and the bench: two signers, a chained audit trail. */

export const hostile = 'Ña #panic("x") $x^2$ <etiqueta> @ref *negrita* _it_ // ] ) \\ `code`';

export function auditTrail(count: number): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (let index = 0; index < count; index++) {
    entries.push(
      chainEntry(entries.at(-1), {
        at: new Date(Date.UTC(2026, 2, 1, 14, index)).toISOString(),
        actor: index === 0 ? 'remitente@empresa.co' : null,
        action: `evento.${index + 1}`,
        data: { detalle: index === 1 ? hostile : `paso ${index + 1}` },
      }),
    );
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
        email: 'jose.nunez.con.un.correo.muy.largo@dominio-extremadamente-largo.com.co',
        identificationType: 'CC',
        identificationNumber: '1.020.304.050',
        otp: {
          channel: 'sms',
          maskedDestination: '+57••••••4567',
          verifiedAt: new Date('2026-03-01T14:05:00Z'),
        },
        selfieSha256: 'c3'.repeat(32),
        ip: '190.24.1.2',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
        consentVersion: 'consentimiento-v3',
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
    auditTrail: auditTrail(4),
    validationCode: 'K7QM-2XHD-9TRB',
    publicUrl: 'https://firma.example.co/',
    issuedAt: new Date('2026-03-02T04:00:00Z'),
    ...overrides,
  };
}
