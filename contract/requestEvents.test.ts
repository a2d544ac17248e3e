import { describe, expect, it } from 'vitest';
import {
  REQUEST_EVENT_ACTIONS,
  REQUEST_EVENT_LABELS,
  requestEventLabel,
  requestEventSentence,
} from './requestEvents.js';

const people = {
  user: { name: 'Elena Ríos' },
  signer: { name: 'Ana Pérez', email: 'ana@correo.test' },
};

/** Details as the server writes them for each action (server/requests, server/modules). */
const WRITTEN_DETAILS: Record<string, Record<string, unknown>> = {
  sent: { source: 'single', signers: 2, documents: [{ name: 'Contrato', sha256: 'ab' }], units: 2 },
  resent: { round: 2, previous_email: 'ana@viejo.test', email: 'ana@correo.test' },
  otp_sent: { channel: 'sms', destination: '+57••••••4567' },
  otp_failed: { status: 422 },
  otp_validated: { channel: 'email', destination: 'a***@correo.test' },
  selfie: { sha256: 'cd'.repeat(32), consent: true },
  signed: { consentVersion: 'consentimiento-2026-01', signatureKind: 'drawn', otpChannel: 'email' },
  rejected: { reason: 'El valor no es el acordado' },
  auto_sign_approved: { signatureKey: 'k', signatureSha256: 'ef' },
  auto_sign_rejected: { reason: 'Falta un anexo' },
  cancelled: { reason: 'El cliente desistió' },
  expired: { expires_at: '2026-12-01T05:00:00.000Z' },
  extended: {
    previous_expires_at: '2026-12-01T05:00:00.000Z',
    expires_at: '2026-12-15T22:30:00.000Z',
    reopened: true,
  },
  updated: { fields: ['title', 'message', 'reminderDays'] },
  content_updated: { documents: [{ id: 1, sha256: 'ab' }] },
  sealed: { documents: [{ id: 1 }, { id: 2 }], auditCount: 9, auditLastHash: 'ab' },
};

describe('request event sentences', () => {
  it.each(REQUEST_EVENT_ACTIONS)('«%s» reads as a Spanish sentence, with and without details', (action) => {
    for (const details of [{}, WRITTEN_DETAILS[action] ?? {}]) {
      for (const named of [people, {}]) {
        const sentence = requestEventSentence({ action, details, ...named });
        expect(sentence).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
        expect(sentence).not.toMatch(/undefined|null|NaN|\[object|[{}_]|\b(user|signer):/);
        expect(sentence).not.toContain(action);
      }
      expect(REQUEST_EVENT_LABELS[action]).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
    }
  });

  it('names the people and the facts of each entry', () => {
    const sentence = (action: string) =>
      requestEventSentence({ action, details: WRITTEN_DETAILS[action] ?? {}, ...people });
    expect(sentence('sent')).toBe('Elena Ríos envió la solicitud a 2 firmantes con 1 documento');
    expect(sentence('otp_validated')).toBe(
      'Ana Pérez (ana@correo.test) verificó su identidad con un código enviado a a***@correo.test',
    );
    expect(sentence('otp_sent')).toBe(
      'Se envió a Ana Pérez (ana@correo.test) un código de verificación por SMS a +57••••••4567',
    );
    expect(sentence('signed')).toBe(
      'Ana Pérez (ana@correo.test) firmó los documentos con una firma dibujada y aceptó el consentimiento (versión consentimiento-2026-01)',
    );
    expect(sentence('rejected')).toBe(
      'Ana Pérez (ana@correo.test) rechazó la solicitud. Motivo: «El valor no es el acordado»',
    );
    expect(sentence('resent')).toBe(
      'Elena Ríos reenvió la invitación a Ana Pérez (ana@correo.test) con un enlace nuevo; corrigió el correo de ana@viejo.test a ana@correo.test',
    );
    // Times in Bogotá (UTC−5).
    expect(sentence('extended')).toBe(
      'Elena Ríos amplió el vencimiento del 01/12/2026 00:00 COT al 15/12/2026 17:30 COT; la solicitud vencida volvió a estar en proceso',
    );
    expect(sentence('updated')).toBe(
      'Elena Ríos corrigió el título, el mensaje y los recordatorios de la solicitud',
    );
    expect(sentence('sealed')).toBe(
      'La plataforma selló 2 documentos con su sello electrónico y estampa de tiempo',
    );
  });

  it('keeps an unknown action named as recorded', () => {
    expect(requestEventSentence({ action: 'legacy_action', details: {} })).toBe(
      'Evento registrado: legacy_action',
    );
    expect(requestEventLabel('legacy_action')).toBe('legacy_action');
    expect(requestEventLabel('selfie')).toBe('Foto de verificación');
  });
});
