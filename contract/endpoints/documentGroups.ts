import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { base64Upload, documentText, id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';

const area = 'Document groups';

/** Folders, groups and their documents (a document repeats its group's company). */
export const ownedTables = {
  folder: ownedTable({ table: 'document_folders', owner: 'company_id' }),
  documentPackage: ownedTable({ table: 'document_packages', owner: 'company_id', softDelete: 'deleted_at' }),
  packageDocument: ownedTable({ table: 'document_package_documents', owner: 'company_id' }),
};

/** Ways a signer proves identity, each behind the company feature that enables it. */
export const SIGNER_AUTHENTICATIONS = ['email_otp', 'sms_otp', 'whatsapp_otp', 'selfie'] as const;
export const signerAuthentication = z.enum(SIGNER_AUTHENTICATIONS);
export type SignerAuthentication = z.output<typeof signerAuthentication>;
export const AUTHENTICATION_FEATURE = {
  email_otp: 'otp_email',
  sms_otp: 'otp_sms',
  whatsapp_otp: 'otp_whatsapp',
  selfie: 'selfie',
} as const satisfies Record<z.output<typeof signerAuthentication>, string>;
export const AUTHENTICATION_LABELS = {
  email_otp: 'Código OTP por correo',
  sms_otp: 'Código OTP por SMS',
  whatsapp_otp: 'Código OTP por WhatsApp',
  selfie: 'Fotografía (selfie)',
} as const satisfies Record<z.output<typeof signerAuthentication>, string>;

/** Every method with its label, enabled when the company has its feature (the forms' checkboxes). */
export const authenticationOptionsFor = (enabledFeatures: readonly string[]) =>
  SIGNER_AUTHENTICATIONS.map((key) => ({
    key,
    label: AUTHENTICATION_LABELS[key],
    enabled: enabledFeatures.includes(AUTHENTICATION_FEATURE[key]),
  }));

export const signerKind = z.enum(['signer', 'approver', 'copy']);
export const signingOrder = z.enum(['sequential', 'parallel']);
export const packageStatus = z.enum(['active', 'inactive']);

export const DOCUMENT_GROUP_MESSAGES = {
  pdfTooLarge: 'El PDF no puede superar 7 MB',
  pdfBase64: 'El contenido del PDF debe venir en base64',
  repeatedSigner: 'Cada firmante debe tener un número distinto',
  repeatedAuthentication: 'No repita un método de autenticación',
} as const;

/** PDFs travel as base64 in JSON; 7 MB of PDF fits the 10 MB request limit. */
export const PACKAGE_PDF_MAX_BYTES = 7 * 1024 * 1024;
export const pdfUpload = base64Upload(PACKAGE_PDF_MAX_BYTES, {
  tooLarge: DOCUMENT_GROUP_MESSAGES.pdfTooLarge,
  base64: DOCUMENT_GROUP_MESSAGES.pdfBase64,
});

/** What the caller may do with a folder's groups (after its permissions and inheritance). */
const rights = { can_view: z.boolean(), can_send: z.boolean(), can_edit: z.boolean() };

export const folderRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  package_count: z.number(),
  /** Some permission is set on this folder or an ancestor: only those named may use it. */
  restricted: z.boolean(),
  ...rights,
});

export const packageTree = z.object({ root_id: z.number(), folders: z.array(folderRecord) });

/**
 * Signer 1, 2, …: their order, kind and authentication. Which fields a signer fills is no choice
 * of the group: each template says it once, in its field's «Lo llena» (`filled_by`), and the
 * group's record lists the result (`fields`); a `fields` sent here is not taken.
 */
export const signerRoleInput = z
  .object({
    number: z.coerce.number().int().min(1).max(50),
    label: nonEmpty(80),
    kind: signerKind.default('signer'),
    authentication: z.array(signerAuthentication).max(SIGNER_AUTHENTICATIONS.length).default([]),
  })
  .refine((role) => new Set(role.authentication).size === role.authentication.length, {
    message: DOCUMENT_GROUP_MESSAGES.repeatedAuthentication,
    path: ['authentication'],
  });
const signerRoles = z
  .array(signerRoleInput)
  .max(50)
  .refine((roles) => new Set(roles.map((role) => role.number)).size === roles.length, {
    message: DOCUMENT_GROUP_MESSAGES.repeatedSigner,
  });

export const signerRoleRecord = z.object({
  number: z.number(),
  position: z.number(),
  label: z.string(),
  kind: signerKind,
  /** Names of the fields whose «Lo llena» in the group's templates is this signer (read-only). */
  fields: z.array(z.string()),
  authentication: z.array(signerAuthentication),
});

export const packageDocumentRecord = z.object({
  id: z.number(),
  position: z.number(),
  kind: z.enum(['template', 'pdf']),
  /** A template document: the exact version it uses. */
  template_id: z.number().nullable(),
  template_version_id: z.number().nullable(),
  template_version_number: z.number().nullable(),
  /** The template's name, or the PDF's file name. */
  name: z.string(),
  /** Merge fields of the template version (names). */
  field_names: z.array(z.string()),
  /** The same fields with their label and who fills each (0: the sender; N: signer N). */
  fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), filled_by: z.number() })),
  pdf_pages: z.number().nullable(),
});

/** A group, the same in the list, the detail and every write reply. */
export const documentPackageRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  folder_id: z.number(),
  folder_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: packageStatus,
  signing_order: signingOrder,
  expiry_days: z.number(),
  reminder_days: z.number().nullable(),
  auto_sign_enabled: z.boolean(),
  auto_sign_approver_id: z.number().nullable(),
  auto_sign_approver_name: z.string().nullable(),
  version: z.number(),
  document_count: z.number(),
  documents: z.array(packageDocumentRecord),
  signer_roles: z.array(signerRoleRecord),
  can_send: z.boolean(),
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const description = z.preprocess(blankToNull, z.string().trim().max(1000).nullable().optional());
const expiryDays = z.coerce.number().int().min(1).max(365);
const reminderDays = z.preprocess(blankToNull, z.coerce.number().int().min(1).max(60).nullable());

/** The header fields of a group, as add and update take them. */
const packageHeader = {
  folder_id: id,
  name: documentText(150),
  description,
  status: packageStatus.default('active'),
  signing_order: signingOrder.default('sequential'),
  expiry_days: expiryDays.default(30),
  reminder_days: reminderDays.optional(),
  auto_sign_enabled: z.boolean().default(false),
  auto_sign_approver_id: z.preprocess(blankToNull, id.nullable()).optional(),
  signer_roles: signerRoles.default([]),
};

const headerChanges = z.object({
  folder_id: id.optional(),
  name: documentText(150).optional(),
  description,
  status: packageStatus.optional(),
  signing_order: signingOrder.optional(),
  expiry_days: expiryDays.optional(),
  reminder_days: reminderDays.optional(),
  auto_sign_enabled: z.boolean().optional(),
  auto_sign_approver_id: z.preprocess(blankToNull, id.nullable()).optional(),
  signer_roles: signerRoles.optional(),
});

export const folderPermissionEntry = z
  .object({
    user_id: id.nullable().optional(),
    user_group_id: id.nullable().optional(),
    can_view: z.boolean().default(true),
    can_send: z.boolean().default(false),
    can_edit: z.boolean().default(false),
  })
  .refine((entry) => (entry.user_id ? 1 : 0) + (entry.user_group_id ? 1 : 0) === 1, {
    message: 'Indique un usuario o un grupo de usuarios',
  });

export const folderPermissionRecord = z.object({
  user_id: z.number().nullable(),
  user_group_id: z.number().nullable(),
  /** The user's full name or the group's name. */
  name: z.string(),
  can_view: z.boolean(),
  can_send: z.boolean(),
  can_edit: z.boolean(),
});

export const folderPermissions = z.object({
  folder_id: z.number(),
  entries: z.array(folderPermissionRecord),
  /** Rights set on ancestors, which hold for this folder too. */
  inherited: z.array(folderPermissionRecord.extend({ folder_id: z.number(), folder_name: z.string() })),
});

export const packageChangeRecord = z.object({
  id: z.number(),
  version: z.number(),
  action: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const authenticationOption = z.object({
  key: signerAuthentication,
  label: z.string(),
  enabled: z.boolean(),
});

const folderAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), name: nonEmpty(120) }),
  z.object({ action: z.literal('rename'), name: nonEmpty(120) }),
  z.object({ action: z.literal('move'), parent_id: id }),
  z.object({ action: z.literal('delete') }),
]);

const ownsPackageParam = (field: string) => [{ entity: 'documentPackage', from: 'params', field }] as const;
const ownsPackageBody = { entity: 'documentPackage', from: 'body', field: 'document_package_id' } as const;
const ownsPackageDocument = [{ entity: 'packageDocument', from: 'params', field: 'id' }] as const;
const actingUser = { entity: 'user', from: 'params', field: 'user_id' } as const;
const approverNote = {
  auto_sign_approver_id: 'usuario de la empresa del grupo (el servicio lo exige: 422)',
} as const;
const read = ['document_group.list'] as const;
const write = ['document_group.list', 'document.update'] as const;

export const documentGroups = {
  getPackageTree: endpoint({
    method: 'GET',
    path: 'get_package_tree/{companyId}',
    summary: 'Árbol de carpetas de grupos de documentos de una empresa que el usuario puede ver.',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ companyId: id }),
    reply: packageTree,
    owns: [{ entity: 'company', from: 'params', field: 'companyId' }],
  }),
  updateFolder: endpoint({
    method: 'PATCH',
    path: 'update_folder/{id}',
    summary:
      'Carpetas: crea una subcarpeta de {id}, la renombra, la mueve (nunca dentro de sí misma) o la elimina si está vacía.',
    area,
    scope: 'company',
    permissions: write,
    params: z.object({ id }),
    body: folderAction,
    reply: z.object({ folder: folderRecord.nullable(), tree: packageTree }),
    owns: [
      { entity: 'folder', from: 'params', field: 'id' },
      { entity: 'folder', from: 'body', field: 'parent_id' },
    ],
    example: { params: { id: 1 }, body: { action: 'rename', name: 'Contratos' } },
  }),
  getFolderPermissions: endpoint({
    method: 'GET',
    path: 'folders/{id}/permissions',
    summary:
      'Permisos de una carpeta (usuarios y grupos de usuarios) y los heredados de sus carpetas superiores.',
    area: 'User groups',
    scope: 'company',
    permissions: ['document_group.list', 'groups.list'],
    params: z.object({ id }),
    reply: folderPermissions,
    owns: [{ entity: 'folder', from: 'params', field: 'id' }],
  }),
  setFolderPermissions: endpoint({
    method: 'POST',
    path: 'folders/{id}/permissions',
    summary:
      'Reemplaza los permisos de una carpeta (ver, usar para enviar, editar); valen también para sus subcarpetas.',
    area: 'User groups',
    scope: 'company',
    permissions: ['document_group.list', 'groups.list', 'document.update'],
    params: z.object({ id }),
    body: z.object({ entries: z.array(folderPermissionEntry).max(500) }),
    reply: folderPermissions,
    owns: [{ entity: 'folder', from: 'params', field: 'id' }],
    notTenant: {
      'entries.user_id': 'el servicio exige usuarios de la empresa de la carpeta (422)',
      'entries.user_group_id': 'el servicio exige grupos de la empresa de la carpeta (422)',
    },
    example: { params: { id: 1 }, body: { entries: [] } },
  }),
  listDocumentPackages: endpoint({
    method: 'GET',
    path: 'documents_packages_list/{companyID}/{page}/{itemsPerPage}/{user_id}',
    summary:
      'Grupos de documentos de una empresa que el usuario de la sesión puede ver ({user_id}: el usuario de la sesión), por carpeta (?folder_id=, con sus subcarpetas), búsqueda y estado.',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ companyID: id, page, itemsPerPage, user_id: id }),
    query: z.object({
      folder_id: id.optional(),
      search: z.string().trim().max(200).optional(),
      status: packageStatus.optional(),
      sort: z.enum(['id', 'name', 'status', 'updated_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(documentPackageRecord),
    owns: [
      { entity: 'company', from: 'params', field: 'companyID' },
      actingUser,
      { entity: 'folder', from: 'query', field: 'folder_id' },
    ],
  }),
  getDocumentPackage: endpoint({
    method: 'GET',
    path: 'get_documents_packages_details_by_id/{documentPackageId}',
    summary: 'Un grupo de documentos con sus documentos en orden y sus firmantes.',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ documentPackageId: id }),
    reply: documentPackageRecord,
    owns: ownsPackageParam('documentPackageId'),
  }),
  getDocumentGroupFeatures: endpoint({
    method: 'GET',
    path: 'get_document_group_features/{company_id}',
    summary:
      'Lo que la empresa permite configurar en sus grupos: autenticaciones, orden de firma, recordatorios, PDF.',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ company_id: id }),
    reply: z.object({
      authentications: z.array(authenticationOption),
      signing_order: z.boolean(),
      reminders: z.boolean(),
      pdf_to_sign: z.boolean(),
    }),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
  }),
  getDocumentPackageFeatures: endpoint({
    method: 'GET',
    path: 'get_document_package_features/{document_package_header_id}',
    summary: 'Configuración de envío de un grupo: orden, vencimiento, recordatorios, firmantes y auto-firma.',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ document_package_header_id: id }),
    reply: z.object({
      id: z.number(),
      signing_order: signingOrder,
      expiry_days: z.number(),
      reminder_days: z.number().nullable(),
      auto_sign_enabled: z.boolean(),
      auto_sign_approver_id: z.number().nullable(),
      signer_roles: z.array(signerRoleRecord),
      authentications: z.array(authenticationOption),
    }),
    owns: ownsPackageParam('document_package_header_id'),
  }),
  addDocumentPackage: endpoint({
    method: 'POST',
    path: 'add_documents_package',
    summary: 'Crea un grupo de documentos en una carpeta.',
    area,
    scope: 'company',
    permissions: write,
    body: z.object({ company_id: id, ...packageHeader }),
    reply: documentPackageRecord,
    owns: [
      { entity: 'company', from: 'body', field: 'company_id' },
      { entity: 'folder', from: 'body', field: 'folder_id' },
    ],
    notTenant: approverNote,
    example: { body: { company_id: 1, folder_id: 1, name: 'Vinculación' } },
  }),
  updateDocumentPackage: endpoint({
    method: 'PUT',
    path: 'update_documents_packages/{id}',
    summary: 'Cambia el encabezado de un grupo, su carpeta o sus firmantes (queda en su historial).',
    area,
    scope: 'company',
    permissions: write,
    params: z.object({ id }),
    body: headerChanges,
    reply: documentPackageRecord,
    owns: [
      { entity: 'documentPackage', from: 'params', field: 'id' },
      { entity: 'folder', from: 'body', field: 'folder_id' },
    ],
    notTenant: approverNote,
    example: { params: { id: 1 }, body: {} },
  }),
  deleteDocumentPackage: endpoint({
    method: 'DELETE',
    path: 'delete_documents_packages_header/{id}/{user_id}',
    summary: 'Elimina un grupo de documentos ({user_id}: el usuario de la sesión, que queda registrado).',
    area,
    scope: 'company',
    permissions: write,
    params: z.object({ id, user_id: id }),
    reply: z.object({ id: z.number() }),
    owns: [{ entity: 'documentPackage', from: 'params', field: 'id' }, actingUser],
  }),
  associateTemplates: endpoint({
    method: 'POST',
    path: 'associate_templates_to_group',
    summary: 'Agrega al final del grupo versiones de plantillas de su empresa.',
    area,
    scope: 'company',
    permissions: write,
    body: z.object({ document_package_id: id, template_version_ids: z.array(id).min(1).max(50) }),
    reply: documentPackageRecord,
    owns: [
      ownsPackageBody,
      { entity: 'documentTemplateVersion', from: 'body', field: 'template_version_ids' },
    ],
    example: { body: { document_package_id: 1, template_version_ids: [1] } },
  }),
  updateAssociatedTemplates: endpoint({
    method: 'POST',
    path: 'update_associate_templates_to_group',
    summary: 'Ordena los documentos del grupo: se envían todos sus ids en el orden nuevo.',
    area,
    scope: 'company',
    permissions: write,
    body: z.object({ document_package_id: id, document_ids: z.array(id).min(1).max(100) }),
    reply: documentPackageRecord,
    owns: [ownsPackageBody, { entity: 'packageDocument', from: 'body', field: 'document_ids' }],
    example: { body: { document_package_id: 1, document_ids: [1] } },
  }),
  associatePdf: endpoint({
    method: 'PUT',
    path: 'associate_pdf_to_group',
    summary: 'Agrega un PDF al final del grupo (se revisa: tipo, tamaño, cifrado, contenido activo).',
    area,
    scope: 'company',
    permissions: write,
    body: z.object({ document_package_id: id, ...pdfUpload }),
    reply: documentPackageRecord,
    owns: [ownsPackageBody],
    example: { body: { document_package_id: 1, filename: 'a.pdf', content_base64: 'JVBERi0=' } },
  }),
  createPdfPackage: endpoint({
    method: 'PUT',
    path: 'create_pdf_package',
    summary: 'Crea un grupo de documentos con un PDF.',
    area,
    scope: 'company',
    permissions: write,
    body: z.object({ company_id: id, ...packageHeader, ...pdfUpload }),
    reply: documentPackageRecord,
    owns: [
      { entity: 'company', from: 'body', field: 'company_id' },
      { entity: 'folder', from: 'body', field: 'folder_id' },
    ],
    notTenant: approverNote,
    example: {
      body: { company_id: 1, folder_id: 1, name: 'PDF', filename: 'a.pdf', content_base64: 'JVBERi0=' },
    },
  }),
  updatePdfPackage: endpoint({
    method: 'PUT',
    path: 'update_pdf_package/{id}',
    summary: 'Reemplaza el archivo de un PDF del grupo ({id}: el documento del grupo).',
    area,
    scope: 'company',
    permissions: write,
    params: z.object({ id }),
    body: z.object(pdfUpload),
    reply: documentPackageRecord,
    owns: ownsPackageDocument,
    example: { params: { id: 1 }, body: { filename: 'a.pdf', content_base64: 'JVBERi0=' } },
  }),
  deletePackageDocument: endpoint({
    method: 'DELETE',
    path: 'delete_template/{id}/{user_id}',
    summary: 'Quita un documento (plantilla o PDF) de su grupo ({user_id}: el usuario de la sesión).',
    area,
    scope: 'company',
    permissions: write,
    params: z.object({ id, user_id: id }),
    reply: documentPackageRecord,
    owns: [...ownsPackageDocument, actingUser],
  }),
  getPackageChanges: endpoint({
    method: 'GET',
    path: 'get_changes_packages/{documentPackageId}',
    summary: 'Historial de cambios de un grupo, del más reciente al más antiguo.',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ documentPackageId: id }),
    reply: z.array(packageChangeRecord),
    owns: ownsPackageParam('documentPackageId'),
  }),
  getPackagePdf: endpoint({
    method: 'GET',
    path: 'get_package_pdf/{documentPackageId}',
    summary: 'Los documentos del grupo en un solo PDF (las plantillas con valores de ejemplo).',
    area,
    scope: 'company',
    permissions: read,
    params: z.object({ documentPackageId: id }),
    reply: z.object({ filename: z.string(), page_count: z.number(), pdf_base64: z.string() }),
    owns: ownsPackageParam('documentPackageId'),
  }),
} as const;
