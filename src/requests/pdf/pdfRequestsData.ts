import { bogotaDay } from '../../../contract/deadline';
import type { SignerAuthentication } from '../../../contract/endpoints/documentGroups';
import type { PdfField, PdfTemplateRecord } from '../../../contract/endpoints/pdfRequests';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { SignerSlot } from './PdfFieldEditor';

export type RecipientKind = 'signer' | 'approver' | 'copy';
export type Recipient = {
  number: number;
  kind: RecipientKind;
  name: string;
  email: string;
  phone: string;
  /** The identity checks asked of this person on the signing page (as a template request's). */
  authentication: SignerAuthentication[];
};

/** One PDF being prepared: the server's record, the picked file (for drawing), fields and people. */
export type PdfDraft = {
  template: PdfTemplateRecord;
  file: Blob | null;
  title: string;
  fields: PdfField[];
  recipients: Recipient[];
};

export type SendSettings = {
  message: string;
  signing_order: 'sequential' | 'parallel';
  expires_at: string;
  reminder_days: string;
};

/** A file as base64 without the data: prefix, as upload_pdf_template takes it. */
export const base64Of = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** `YYYY-MM-DD` of the day `days` from now in Colombia: the last day to sign (contract/deadline.ts). */
export const cotDate = (days: number, now = new Date()): string => bogotaDay(now, days);

export const defaultSettings = (now = new Date()): SendSettings => ({
  message: '',
  signing_order: 'sequential',
  expires_at: cotDate(30, now),
  reminder_days: '',
});

export const emptyRecipient = (number: number): Recipient => ({
  number,
  kind: 'signer',
  name: '',
  email: '',
  phone: '',
  authentication: [],
});

/** A fresh draft from an upload: its stored fields, one recipient per stored signer. */
export function draftOf(template: PdfTemplateRecord, file: Blob | null): PdfDraft {
  const numbers = template.signers.length ? template.signers.map((slot) => slot.number) : [1];
  return {
    template,
    file,
    title: template.name.replace(/\.pdf$/i, ''),
    fields: template.fields,
    recipients: numbers.map(emptyRecipient),
  };
}

/** The signer slots the fields are assigned to: each recipient's name, or "Firmante N". */
export const slotsOf = (
  recipients: readonly Recipient[],
  fallback: (number: number) => string,
): SignerSlot[] =>
  recipients.map((recipient) => ({
    number: recipient.number,
    label: recipient.name.trim() || fallback(recipient.number),
  }));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BY_PHONE: readonly SignerAuthentication[] = ['sms_otp', 'whatsapp_otp'];

export type DraftProblem = 'required' | 'invalid_email' | 'needs_signature' | 'phone_required';

/** What the user must fix before sending, keyed `recipients.<i>.<field>` or `fields`. */
export function draftProblems(draft: PdfDraft): Record<string, DraftProblem> {
  const problems: Record<string, DraftProblem> = {};
  if (!draft.title.trim()) problems.title = 'required';
  draft.recipients.forEach((recipient, index) => {
    if (!recipient.name.trim()) problems[`recipients.${index}.name`] = 'required';
    if (!recipient.email.trim()) problems[`recipients.${index}.email`] = 'required';
    else if (!EMAIL.test(recipient.email.trim())) problems[`recipients.${index}.email`] = 'invalid_email';
    const byPhone = recipient.authentication.some((method) => BY_PHONE.includes(method));
    if (recipient.kind !== 'copy' && byPhone && !recipient.phone.trim())
      problems[`recipients.${index}.phone`] = 'phone_required';
    const signs = draft.fields.some(
      (field) =>
        field.signer === recipient.number && (field.kind === 'signature' || field.kind === 'initials'),
    );
    if (recipient.kind === 'signer' && !signs) problems.fields = 'needs_signature';
  });
  return problems;
}

const recipientInput = (recipient: Recipient) => ({
  number: recipient.number,
  kind: recipient.kind,
  name: recipient.name.trim(),
  email: recipient.email.trim(),
  ...(recipient.phone.trim() ? { phone: recipient.phone.trim() } : {}),
  // A copy recipient never signs: nothing to check.
  authentication: recipient.kind === 'copy' ? [] : recipient.authentication,
});

/** The body of update_pdf_content for a draft. */
export const contentInput = (draft: PdfDraft, fallback: (number: number) => string) => ({
  body: {
    pdf_template_id: draft.template.id,
    fields: draft.fields,
    signers: slotsOf(draft.recipients, fallback),
  },
});

const settingsInput = (settings: SendSettings) => ({
  ...(settings.message.trim() ? { message: settings.message.trim() } : {}),
  signing_order: settings.signing_order,
  expires_at: settings.expires_at,
  reminder_days: settings.reminder_days ? Number(settings.reminder_days) : null,
});

const itemInput = (draft: PdfDraft) => ({
  pdf_template_id: draft.template.id,
  title: draft.title.trim(),
  signers: draft.recipients.map(recipientInput),
});

export const signPdfInput = (draft: PdfDraft, settings: SendSettings): EndpointInput<'signPdf'> => ({
  body: { ...settingsInput(settings), ...itemInput(draft) },
});

export const signPdfMultipleInput = (
  drafts: readonly PdfDraft[],
  settings: SendSettings,
): EndpointInput<'signPdfMultiple'> => ({
  body: { ...settingsInput(settings), items: drafts.map(itemInput) },
});
