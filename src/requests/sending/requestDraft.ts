import type { z } from 'zod';
import { bogotaDay, deadline, deadlineText } from '../../../contract/deadline';
import type { SIGNER_AUTHENTICATIONS } from '../../../contract/endpoints/documentGroups';
import {
  type requestForm,
  requestSignerInput,
  signatureRequestInput,
} from '../../../contract/endpoints/requestSending';
import { fieldValueSchema, type TemplateField } from '../../../contract/endpoints/templateFields';
import { fieldErrors, installSpanishZodMessages, VALIDATION_MESSAGES } from '../../../contract/validation';

// The shared schemas' generic messages in Spanish, as the server gives them.
installSpanishZodMessages();

/**
 * The single request screen's draft and its checks: the very schemas the server applies
 * (contract/endpoints/requestSending.ts and the field types of templateFields.ts), so a value
 * the screen accepts is one the server accepts, with the same Spanish message.
 */

export type RequestForm = z.output<typeof requestForm>;
type SignerAuthentication = (typeof SIGNER_AUTHENTICATIONS)[number];
export type SignerDraft = {
  number: number;
  label: string;
  kind: 'signer' | 'approver' | 'copy';
  name: string;
  email: string;
  phone: string;
  id_type: string;
  id_number: string;
  authentication: SignerAuthentication[];
};

export type RequestDraft = {
  /** One per draft: a repeat of its send (double click, retry) returns the first request. */
  idempotency_key: string;
  /** The request's own title; empty: the group's name. */
  title: string;
  values: Record<string, string>;
  signers: SignerDraft[];
  signing_order: 'sequential' | 'parallel';
  /** `AAAA-MM-DD`: the last day to sign (Bogotá). */
  expires_at: string;
  /** Days between reminders; empty: none. */
  reminder_days: string;
  message: string;
};

/** A date `days` from now as `AAAA-MM-DD` in Bogotá: the last day to sign (contract/deadline.ts). */
export const bogotaDateIn = (days: number, now = new Date()): string => bogotaDay(now, days);

/** The moment a last day ends, as the screens write it («27/12/2026, 11:59 p. m.»); undefined for no day. */
export function lastDayDeadline(day: string): string | undefined {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(day) ? deadline.safeParse(day) : undefined;
  return parsed?.success ? deadlineText(parsed.data) : undefined;
}

/** A new idempotency key: 32 hex digits (getRandomValues also works outside HTTPS, unlike randomUUID). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A fresh draft for a group: one signer per role (or one signer), the group's settings, a new key. */
export function emptyDraft(form: RequestForm, now = new Date()): RequestDraft {
  const roles = form.signer_roles.length
    ? form.signer_roles
    : [{ number: 1, label: 'Firmante 1', kind: 'signer' as const, authentication: [] }];
  return {
    idempotency_key: newIdempotencyKey(),
    title: '',
    values: {},
    signers: roles.map((role) => ({
      number: role.number,
      label: role.label,
      kind: role.kind,
      name: '',
      email: '',
      phone: '',
      id_type: '',
      id_number: '',
      authentication: [...role.authentication],
    })),
    signing_order:
      form.signing_order === 'sequential' && !form.signing_order_enabled ? 'parallel' : form.signing_order,
    expires_at: bogotaDateIn(form.expiry_days, now),
    reminder_days: form.reminder_days && form.reminders_enabled ? String(form.reminder_days) : '',
    message: '',
  };
}

/** A field's problem, or undefined: required when empty, else its type's schema. */
export function fieldProblem(field: TemplateField, value: string | undefined): string | undefined {
  if (!value || value.trim() === '') return field.required ? VALIDATION_MESSAGES.mandatory : undefined;
  const result = fieldValueSchema(field).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The body of process_signature_request for the draft. */
export function requestBody(packageId: number, draft: RequestDraft, form: RequestForm) {
  const values = Object.fromEntries(
    Object.entries(draft.values).filter(
      ([name, value]) => value.trim() !== '' && form.fields.some((f) => f.name === name),
    ),
  );
  return {
    document_package_id: packageId,
    title: draft.title.trim() || undefined,
    values,
    signers: draft.signers.map((signer) => ({
      number: signer.number,
      name: signer.name,
      email: signer.email,
      phone: signer.phone || undefined,
      id_type: signer.id_type || undefined,
      id_number: signer.id_number || undefined,
      ...(form.signer_roles.length ? {} : { kind: signer.kind }),
      authentication: signer.authentication,
    })),
    signing_order: draft.signing_order,
    expires_at: draft.expires_at,
    reminder_days: draft.reminder_days === '' ? null : Number(draft.reminder_days),
    message: draft.message.trim() || undefined,
    idempotency_key: draft.idempotency_key,
  };
}

/**
 * Every problem of the draft, keyed as the server keys them (`values.<name>`,
 * `signers.<i>.<field>`, `expires_at`, …), so server and screen errors land on the same inputs.
 */
export function draftProblems(
  packageId: number,
  draft: RequestDraft,
  form: RequestForm,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of form.fields) {
    const problem = fieldProblem(field, draft.values[field.name]);
    if (problem) problems[`values.${field.name}`] = problem;
  }
  draft.signers.forEach((_signer, index) => {
    const result = requestSignerInput.safeParse(requestBody(packageId, draft, form).signers[index]);
    if (!result.success) {
      for (const [key, message] of Object.entries(fieldErrors(result.error))) {
        problems[`signers.${index}.${key}`] ??= message;
      }
    }
  });
  const whole = signatureRequestInput.safeParse(requestBody(packageId, draft, form));
  if (!whole.success) {
    for (const [key, message] of Object.entries(fieldErrors(whole.error))) problems[key] ??= message;
  }
  if (draft.expires_at && draft.expires_at < bogotaDateIn(0)) {
    problems.expires_at = 'La fecha de vencimiento debe ser posterior a hoy';
  }
  return problems;
}
