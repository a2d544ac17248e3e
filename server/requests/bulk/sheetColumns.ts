import { asc, eq, inArray } from 'drizzle-orm';
import { BULK_MESSAGES } from '../../../contract/endpoints/bulkRequests.js';
import {
  SIGNER_ONLY_TYPES,
  type TemplateField,
  templateField,
} from '../../../contract/endpoints/templateFields.js';
import type { Db } from '../../db/client.js';
import {
  documentPackageDocuments,
  documentPackageSignerRoles,
  documentPackages,
  documentTemplates,
  documentTemplateVersions,
  identificationTypes,
} from '../../db/schema/index.js';
import { unprocessable } from '../../errors.js';

/**
 * What a bulk sheet is made of, taken from the group once at import and kept in the batch's
 * settings: later edits of the group never change how a draft batch is checked or sent.
 */
export type BulkDocument = { templateVersionId: number; name: string };
export type BulkSigner = {
  number: number;
  label: string;
  kind: 'signer' | 'approver' | 'copy';
  authentication: string[];
};
export type BulkPlan = {
  packageName: string;
  signingOrder: 'sequential' | 'parallel';
  expiryDays: number;
  reminderDays: number | null;
  documents: BulkDocument[];
  signers: BulkSigner[];
};

export const SIGNER_ATTRIBUTES = ['name', 'email', 'phone', 'id_type', 'id_number'] as const;
export type SignerAttribute = (typeof SIGNER_ATTRIBUTES)[number];

const ATTRIBUTE_HEADER: Record<SignerAttribute, string> = {
  name: 'nombre',
  email: 'correo',
  phone: 'telefono',
  id_type: 'tipo_identificacion',
  id_number: 'numero_identificacion',
};
const ATTRIBUTE_LABEL: Record<SignerAttribute, string> = {
  name: 'Nombre completo',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  id_type: 'Tipo de identificación',
  id_number: 'Número de identificación',
};

export type SheetColumn =
  | { header: string; label: string; kind: 'field'; field: TemplateField }
  | {
      header: string;
      label: string;
      kind: 'signer';
      signer: number;
      attribute: SignerAttribute;
      required: boolean;
    };

/** Authentications that send a code to the signer's phone: the phone becomes required. */
const PHONE_AUTHENTICATIONS = new Set(['sms_otp', 'whatsapp_otp']);

export const signerHeader = (signer: number, attribute: SignerAttribute) =>
  `firmante_${signer}_${ATTRIBUTE_HEADER[attribute]}`;

/** The group's templates and signers as a bulk sheet needs them (422 when it has no template). */
export async function bulkPlanOf(db: Db, packageId: number): Promise<BulkPlan> {
  const [group] = await db.select().from(documentPackages).where(eq(documentPackages.id, packageId));
  const documents = await db
    .select({ templateVersionId: documentTemplateVersions.id, name: documentTemplates.name })
    .from(documentPackageDocuments)
    .innerJoin(
      documentTemplateVersions,
      eq(documentTemplateVersions.id, documentPackageDocuments.templateVersionId),
    )
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentTemplateVersions.templateId))
    .where(eq(documentPackageDocuments.packageId, packageId))
    .orderBy(asc(documentPackageDocuments.position), asc(documentPackageDocuments.id));
  if (!group || documents.length === 0) throw unprocessable(BULK_MESSAGES.noTemplates);
  const roles = await db
    .select()
    .from(documentPackageSignerRoles)
    .where(eq(documentPackageSignerRoles.packageId, packageId))
    .orderBy(asc(documentPackageSignerRoles.position), asc(documentPackageSignerRoles.number));
  const signers: BulkSigner[] =
    roles.length > 0
      ? roles.map((role) => ({
          number: role.number,
          label: role.label,
          kind: role.kind,
          authentication: role.authentication,
        }))
      : [{ number: 1, label: 'Firmante 1', kind: 'signer', authentication: [] }];
  return {
    packageName: group.name,
    signingOrder: group.signingOrder,
    expiryDays: group.expiryDays,
    reminderDays: group.reminderDays,
    documents,
    signers,
  };
}

/** The columns of a plan: the fields the sender fills (once per name), then each signer's data. */
export async function sheetColumns(db: Db, plan: BulkPlan): Promise<SheetColumn[]> {
  const versions = await db
    .select({ id: documentTemplateVersions.id, fields: documentTemplateVersions.fields })
    .from(documentTemplateVersions)
    .where(
      inArray(
        documentTemplateVersions.id,
        plan.documents.map((document) => document.templateVersionId),
      ),
    );
  const fieldsById = new Map(versions.map((version) => [version.id, version.fields]));
  const columns: SheetColumn[] = [];
  const seen = new Set<string>();
  for (const document of plan.documents) {
    const stored = fieldsById.get(document.templateVersionId);
    for (const raw of Array.isArray(stored) ? stored : []) {
      const parsed = templateField.safeParse(raw);
      if (!parsed.success) continue;
      const field = parsed.data;
      const signerFills =
        field.filled_by > 0 || (SIGNER_ONLY_TYPES as readonly string[]).includes(field.type);
      if (signerFills || seen.has(field.name)) continue;
      seen.add(field.name);
      columns.push({ header: field.name, label: field.label, kind: 'field', field });
    }
  }
  for (const signer of plan.signers) {
    const phoneRequired = signer.authentication.some((method) => PHONE_AUTHENTICATIONS.has(method));
    for (const attribute of SIGNER_ATTRIBUTES) {
      columns.push({
        header: signerHeader(signer.number, attribute),
        label: `${signer.label}: ${ATTRIBUTE_LABEL[attribute]}`,
        kind: 'signer',
        signer: signer.number,
        attribute,
        required: attribute === 'name' || attribute === 'email' || (attribute === 'phone' && phoneRequired),
      });
    }
  }
  return columns;
}

/** Codes of the identification types a signer may have (CC, CE, NIT, …), in the catalogue's order. */
export async function identificationCodes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: identificationTypes.code })
    .from(identificationTypes)
    .orderBy(asc(identificationTypes.position), asc(identificationTypes.id));
  return rows.map((row) => row.code);
}
