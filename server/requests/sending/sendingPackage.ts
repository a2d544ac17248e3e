import type { z } from 'zod';
import type { requestForm } from '../../../contract/endpoints/requestSending.js';
import {
  SIGNER_ONLY_TYPES,
  type TemplateField,
  templateFields,
} from '../../../contract/endpoints/templateFields.js';
import type { Db } from '../../db/client.js';
import {
  documentPackageDocuments,
  documentTemplates,
  documentTemplateVersions,
} from '../../db/schema/index.js';
import type { Actor } from '../../deps.js';
import { unprocessable } from '../../errors.js';
import { packageDocumentRows } from '../../modules/documentGroups/packageDocumentRows.js';
import { type DocumentPackageRecord, packageRecord } from '../../modules/documentGroups/packageRecords.js';
import { documentGroupFeatures } from '../../modules/documentGroups/packages.service.js';
import { requirePackage } from '../../modules/documentGroups/visibility.js';

/** A group as sending needs it: the caller may send it, with each document's source and fields. */

export const SENDING_PACKAGE_MESSAGES = {
  inactive: 'El grupo de documentos está inactivo; actívelo para enviar solicitudes',
  empty: 'El grupo de documentos no tiene documentos para enviar',
  brokenTemplate: (name: string) =>
    `La plantilla «${name}» tiene campos inválidos; edítela y vuelva a intentarlo`,
} as const;

export type SendingDocument =
  | { kind: 'template'; name: string; templateVersionId: number; fields: TemplateField[] }
  | { kind: 'pdf'; name: string; pdfKey: string };

export type SendingPackage = {
  record: DocumentPackageRecord;
  documents: SendingDocument[];
  features: Awaited<ReturnType<typeof documentGroupFeatures>>;
};

/** The group `packageId` if the caller may send it (404 unseen, 403 seen but not sendable, 422 unusable). */
export async function sendingPackage(db: Db, actor: Actor, packageId: number): Promise<SendingPackage> {
  const { access } = await requirePackage(db, actor, packageId, 'send');
  const record = await packageRecord(db, packageId, access);
  if (record.status !== 'active') throw unprocessable(SENDING_PACKAGE_MESSAGES.inactive);
  const rows = await packageDocumentRows(db, [packageId], {
    templateVersionId: documentPackageDocuments.templateVersionId,
    pdfKey: documentPackageDocuments.pdfKey,
    pdfName: documentPackageDocuments.pdfName,
    fields: documentTemplateVersions.fields,
    templateName: documentTemplates.name,
  });
  if (rows.length === 0) throw unprocessable(SENDING_PACKAGE_MESSAGES.empty);
  const documents = rows.map((row): SendingDocument => {
    if (row.templateVersionId === null) {
      return { kind: 'pdf', name: row.pdfName ?? 'documento.pdf', pdfKey: row.pdfKey! };
    }
    const name = row.templateName ?? record.name;
    const fields = templateFields.safeParse(row.fields ?? []);
    if (!fields.success) throw unprocessable(SENDING_PACKAGE_MESSAGES.brokenTemplate(name));
    return { kind: 'template', name, templateVersionId: row.templateVersionId, fields: fields.data };
  });
  const features = await documentGroupFeatures(db, record.company_id);
  return { record, documents, features };
}

/** Fields the sender fills (signers fill theirs and the boxes when signing), once per name. */
export function senderFields(documents: readonly SendingDocument[]): TemplateField[] {
  const byName = new Map<string, TemplateField>();
  for (const document of documents) {
    if (document.kind !== 'template') continue;
    for (const field of document.fields) {
      const signerOnly = (SIGNER_ONLY_TYPES as readonly string[]).includes(field.type);
      if (field.filled_by === 0 && !signerOnly && !byName.has(field.name)) byName.set(field.name, field);
    }
  }
  return [...byName.values()];
}

/** The sending form of a group (signature_request_form). */
export function requestFormOf(sending: SendingPackage): z.input<typeof requestForm> {
  const { record, documents, features } = sending;
  return {
    id: record.id,
    company_id: record.company_id,
    name: record.name,
    signing_order: record.signing_order,
    expiry_days: record.expiry_days,
    reminder_days: record.reminder_days,
    documents: documents.map((document) => ({ name: document.name, kind: document.kind })),
    fields: senderFields(documents),
    signer_roles: record.signer_roles,
    authentications: features.authentications,
    signing_order_enabled: features.signing_order,
    reminders_enabled: features.reminders,
  };
}
