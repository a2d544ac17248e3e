import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { deadlineInDays } from '../../../contract/deadline.js';
import { AUTHENTICATION_FEATURE } from '../../../contract/endpoints/documentGroups.js';
import {
  MAX_EXPIRY_DAYS,
  type requestPreview,
  type SignatureRequestInput,
} from '../../../contract/endpoints/requestSending.js';
import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import { VALIDATION_MESSAGES } from '../../../contract/validation.js';
import type { Actor, Deps } from '../../deps.js';
import { HttpProblem, unprocessable } from '../../errors.js';
import { isUniqueViolation } from '../../modules/common/constraintErrors.js';
import { checkValues, RENDER_MESSAGES } from '../../modules/templates/templateRender.service.js';
import { readAll } from '../../storage/storage.js';
import { checkPdfUpload } from '../../uploads/index.js';
import {
  discardPreparedRequest,
  insertSignatureRequest,
  missingRequiredValues,
  type NewRequestDocument,
  type NewRequestSigner,
  prepareRequestDocuments,
  renderTemplateDocument,
} from '../core/create.js';
import { linksByCompanyFor } from '../core/embedding.js';
import { announceRequestSent } from '../core/sent.js';
import { signerAuthenticationProblems } from '../core/signerAuthentication.js';
import { earlierRequest, submissionFingerprint } from './idempotency.js';
import { type SendingDocument, type SendingPackage, sendingPackage } from './sendingPackage.js';

export const SEND_MESSAGES = {
  missingSigner: (label: string) => `Falta el firmante «${label}» del grupo`,
  unknownSigner: (number: number) => `El grupo no tiene un firmante ${number}`,
  sequentialDisabled: 'La empresa no tiene habilitado el orden de firma; envíe la solicitud en paralelo',
  remindersDisabled: 'La empresa no tiene habilitados los recordatorios automáticos',
  expiresInPast: 'La fecha de vencimiento debe ser posterior a hoy',
  expiresTooLate: `La fecha de vencimiento no puede pasar de ${MAX_EXPIRY_DAYS} días`,
  pdfMissing: (name: string) => `Falta el archivo «${name}» del grupo; vuelva a cargarlo en el grupo`,
} as const;

const DAY_MS = 86_400_000;

/** Each template document's values, checked against its fields; every problem of every document at once. */
function valuesPerDocument(
  documents: readonly SendingDocument[],
  values: Record<string, string>,
  options: { requireValues: boolean },
): Map<SendingDocument, Record<string, string>> {
  const errors: Record<string, string> = {};
  const known = new Set<string>();
  const perDocument = new Map<SendingDocument, Record<string, string>>();
  for (const document of documents) {
    if (document.kind !== 'template') continue;
    const own = pick(document.fields, values);
    for (const field of document.fields) known.add(field.name);
    try {
      checkValues(document.fields, own);
    } catch (error) {
      if (!(error instanceof HttpProblem) || !error.errors) throw error;
      Object.assign(errors, error.errors);
    }
    if (options.requireValues) Object.assign(errors, missingRequiredValues(document.fields, own));
    perDocument.set(document, own);
  }
  for (const name of Object.keys(values)) {
    if (!known.has(name)) errors[`values.${name}`] = VALIDATION_MESSAGES.unknownField(name);
  }
  if (Object.keys(errors).length > 0) throw unprocessable(RENDER_MESSAGES.invalidValues, errors);
  return perDocument;
}

const pick = (fields: readonly TemplateField[], values: Record<string, string>) =>
  Object.fromEntries(
    fields.flatMap((field) => (field.name in values ? [[field.name, values[field.name]!]] : [])),
  );

/** The people of the request, checked against the group's signer roles and the company's features. */
function requestSigners(sending: SendingPackage, input: SignatureRequestInput): NewRequestSigner[] {
  const roles = sending.record.signer_roles;
  const errors: Record<string, string> = {};
  if (roles.length > 0) {
    const given = new Set(input.signers.map((signer) => signer.number));
    for (const role of roles) {
      if (!given.has(role.number)) errors.signers = SEND_MESSAGES.missingSigner(role.label);
    }
  }
  const checks = input.signers.map((signer) => ({
    phone: signer.phone,
    authentication:
      signer.authentication ?? roles.find((each) => each.number === signer.number)?.authentication ?? [],
  }));
  const signers = input.signers.map((signer, index): NewRequestSigner => {
    const role = roles.find((each) => each.number === signer.number);
    if (roles.length > 0 && !role)
      errors[`signers.${index}.number`] = SEND_MESSAGES.unknownSigner(signer.number);
    return {
      number: signer.number,
      kind: role?.kind ?? signer.kind ?? 'signer',
      name: signer.name,
      email: signer.email,
      phone: signer.phone,
      idType: signer.id_type,
      idNumber: signer.id_number,
      authentication: checks[index]!.authentication,
    };
  });
  // The same identity-check rule as PDF requests: each check needs its feature, codes by phone a phone.
  const enabledFeatures = sending.features.authentications
    .filter((each) => each.enabled)
    .map((each) => AUTHENTICATION_FEATURE[each.key]);
  Object.assign(errors, signerAuthenticationProblems(enabledFeatures, checks));
  if (Object.keys(errors).length > 0) throw unprocessable(Object.values(errors)[0]!, errors);
  return signers;
}

/** Order, expiry and reminders: the sender's choice within what the company allows, else the group's. */
function sendingSettings(deps: Deps, sending: SendingPackage, input: SignatureRequestInput) {
  const { record, features } = sending;
  let signingOrder = input.signing_order ?? record.signing_order;
  if (signingOrder === 'sequential' && !features.signing_order) {
    if (input.signing_order === 'sequential') {
      throw unprocessable(SEND_MESSAGES.sequentialDisabled, {
        signing_order: SEND_MESSAGES.sequentialDisabled,
      });
    }
    signingOrder = 'parallel';
  }
  let reminderDays = input.reminder_days === undefined ? record.reminder_days : input.reminder_days;
  if (reminderDays !== null && !features.reminders) {
    if (input.reminder_days) {
      throw unprocessable(SEND_MESSAGES.remindersDisabled, {
        reminder_days: SEND_MESSAGES.remindersDisabled,
      });
    }
    reminderDays = null;
  }
  const now = deps.clock.now().getTime();
  const expiresAt = input.expires_at ?? deadlineInDays(deps.clock.now(), record.expiry_days);
  if (expiresAt.getTime() <= now) {
    throw unprocessable(SEND_MESSAGES.expiresInPast, { expires_at: SEND_MESSAGES.expiresInPast });
  }
  if (expiresAt.getTime() > now + (MAX_EXPIRY_DAYS + 1) * DAY_MS) {
    throw unprocessable(SEND_MESSAGES.expiresTooLate, { expires_at: SEND_MESSAGES.expiresTooLate });
  }
  return { signingOrder, reminderDays, expiresAt };
}

async function groupPdf(deps: Deps, document: Extract<SendingDocument, { kind: 'pdf' }>) {
  const bytes = await readAll(deps.storage, document.pdfKey);
  if (!bytes) throw unprocessable(SEND_MESSAGES.pdfMissing(document.name));
  return bytes;
}

export type SendOptions = { apiClient?: boolean };

export type SentRequest = { requestId: number; companyId: number; repeated: boolean };

/**
 * process_signature_request: a group sent to its signers. Every check runs before anything is
 * stored; the documents are rendered outside the transaction, and removed again when the
 * transaction fails (no units, a concurrent change), so a refused send leaves nothing behind.
 * A send that repeats an idempotency key returns the request the key made (idempotency.ts).
 */
export async function processSignatureRequest(
  deps: Deps,
  actor: Actor,
  input: SignatureRequestInput,
  options: SendOptions = {},
): Promise<SentRequest> {
  const { db } = deps.database;
  const sending = await sendingPackage(db, actor, input.document_package_id);
  const companyId = sending.record.company_id;
  const idempotency = input.idempotency_key
    ? { key: input.idempotency_key, fingerprint: submissionFingerprint(input) }
    : undefined;
  const repeated = async () =>
    idempotency ? earlierRequest(db, { companyId, ...idempotency, now: deps.clock.now() }) : null;
  const earlier = await repeated();
  if (earlier !== null) return { requestId: earlier, companyId, repeated: true };
  const perDocument = valuesPerDocument(sending.documents, input.values, { requireValues: true });
  const signers = requestSigners(sending, input);
  const settings = sendingSettings(deps, sending, input);
  const documents: NewRequestDocument[] = [];
  for (const document of sending.documents) {
    documents.push(
      document.kind === 'template'
        ? {
            kind: 'template',
            templateVersionId: document.templateVersionId,
            name: document.name,
            values: perDocument.get(document) ?? {},
          }
        : { kind: 'pdf', name: document.name, pdf: await groupPdf(deps, document), fieldBoxes: [] },
    );
  }
  const prepared = await prepareRequestDocuments(deps, {
    companyId,
    createdBy: options.apiClient ? null : actor.userId,
    source: options.apiClient ? 'api' : 'single',
    packageId: sending.record.id,
    title: input.title ?? sending.record.name,
    message: input.message || undefined,
    signingOrder: settings.signingOrder,
    expiresAt: settings.expiresAt,
    reminderDays: settings.reminderDays,
    apiClient: options.apiClient ?? false,
    linksByCompany: await linksByCompanyFor(db, companyId, options.apiClient),
    documents,
    signers,
    idempotency,
  });
  let created: Awaited<ReturnType<typeof insertSignatureRequest>>;
  try {
    created = await db.transaction((tx) => insertSignatureRequest(deps, tx, prepared));
  } catch (error) {
    await discardPreparedRequest(deps, prepared);
    // A send with the same key committed first (a race): its request is the answer.
    const winner = idempotency && isUniqueViolation(error) ? await repeated() : null;
    if (winner !== null) return { requestId: winner, companyId, repeated: true };
    throw error;
  }
  await announceRequestSent(deps, created.requestId);
  return { requestId: created.requestId, companyId, repeated: false };
}

/** preview_signature_request: the exact PDFs a send with these values would store (missing values show). */
export async function previewSignatureRequest(
  deps: Deps,
  actor: Actor,
  input: { document_package_id: number; values: Record<string, string>; pages: boolean },
): Promise<z.input<typeof requestPreview>> {
  const { db } = deps.database;
  const sending = await sendingPackage(db, actor, input.document_package_id);
  const perDocument = valuesPerDocument(sending.documents, input.values, { requireValues: false });
  const documents: z.input<typeof requestPreview>['documents'] = [];
  for (const document of sending.documents) {
    if (document.kind === 'template') {
      const rendered = await renderTemplateDocument(
        db,
        sending.record.company_id,
        {
          kind: 'template',
          templateVersionId: document.templateVersionId,
          name: document.name,
          values: perDocument.get(document) ?? {},
        },
        { svgPages: input.pages, requireValues: false },
      );
      documents.push({
        name: document.name,
        kind: 'template',
        page_count: rendered.pageCount,
        sha256: rendered.sha256,
        pdf_base64: rendered.pdf.toString('base64'),
        svg_pages: rendered.svgPages,
        missing_fields: rendered.missingFields,
        field_boxes: rendered.fieldBoxes.filter(isTemplateBox),
      });
    } else {
      const pdf = await groupPdf(deps, document);
      const { pageCount } = await checkPdfUpload(pdf);
      documents.push({
        name: document.name,
        kind: 'pdf',
        page_count: pageCount,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        pdf_base64: pdf.toString('base64'),
        missing_fields: [],
        field_boxes: [],
      });
    }
  }
  return { documents };
}

type TemplateBox = z.input<typeof requestPreview>['documents'][number]['field_boxes'][number];
const isTemplateBox = (box: { kind: string }): box is TemplateBox =>
  box.kind === 'signature' || box.kind === 'initials' || box.kind === 'signing_date';
