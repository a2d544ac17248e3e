import { z } from 'zod';
import { endpoint } from '../define.js';
import { emailTemplateKey, featureKey } from '../features.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';

const area = 'Company';

/** One switch of a company: its value, where the value comes from, and whether the caller may change it. */
export const companyFeature = z.object({
  key: featureKey,
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  default: z.boolean(),
  /** company: its own setting; parent: inherited from the company of a branch; default: the catalogue's. */
  source: z.enum(['company', 'parent', 'default']),
  managed_by: z.enum(['platform', 'company']),
  editable: z.boolean(),
});

export const emailTemplate = z.object({
  key: emailTemplateKey,
  label: z.string(),
  /** `{{key}}` markers this e-mail accepts, with what they stand for. */
  placeholders: z.array(z.object({ key: z.string(), label: z.string() })),
  subject: z.string(),
  body_html: z.string(),
  /** company: its own wording; parent: its parent company's (a branch); default: the platform's. */
  source: z.enum(['company', 'parent', 'default']),
  updated_at: z.string().nullable(),
});

/** The /company_features screen of one company: its switches and its e-mail texts. */
export const companyFeatures = z.object({
  id: z.number(),
  company_id: z.number(),
  fiscal_name: z.string(),
  /** Keys of the enabled features (what get_users answers in `features`). */
  enabled: z.array(featureKey),
  features: z.array(companyFeature),
  email_templates: z.array(emailTemplate),
});

/** A row of the administrator's companies × features grid. */
export const companyFeatureRow = z.object({
  id: z.number(),
  fiscal_name: z.string(),
  tax_id: z.string(),
  parent_id: z.number().nullable(),
  features: z.record(featureKey, z.boolean()),
});

export const downloadRequest = z.object({
  id: z.number(),
  company_id: z.number(),
  /** users: users of the company and its branches; branches: its branches; all: both sheets. */
  scope: z.enum(['users', 'branches', 'all']),
  status: z.enum(['pending', 'processing', 'ready', 'failed']),
  requested_by: z.number().nullable(),
  requested_by_name: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

const ownsCompanyInBody = [{ entity: 'company', from: 'body', field: 'company_id' }] as const;
const templateText = {
  subject: nonEmpty(200),
  body_html: z.string().trim().min(1).max(50_000),
};

export const companyFeaturesEndpoints = {
  getCompaniesEnabledFeatures: endpoint({
    method: 'POST',
    path: 'get_companies_enabled_features',
    summary:
      'Cuadro de empresas × funcionalidades (administrador): valor efectivo de cada funcionalidad por empresa, con búsqueda, filtro por funcionalidad y paginación.',
    area,
    scope: 'global',
    permissions: ['company.list'],
    body: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      search: z.string().trim().max(200).optional(),
      /** With `enabled`: only companies where this feature has that value. */
      feature: featureKey.optional(),
      enabled: z.boolean().optional(),
      sort: z.enum(['id', 'fiscal_name', 'tax_id']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(companyFeatureRow),
    example: { body: { page: 1, itemsPerPage: 15 } },
    skipAudit: true,
  }),
  getCompanyEnabledFeatures: endpoint({
    method: 'POST',
    path: 'get_company_enabled_features',
    summary: 'Funcionalidades y textos de correo de una empresa (pantalla Configuración de funcionalidades).',
    area,
    scope: 'company',
    permissions: ['user.list'],
    body: z.object({ company_id: id }),
    reply: companyFeatures,
    owns: ownsCompanyInBody,
    example: { body: { company_id: 1 } },
    skipAudit: true,
  }),
  updateCompanyEnableFeature: endpoint({
    method: 'POST',
    path: 'update_company_enable_feature',
    summary:
      'Activa o desactiva una funcionalidad de una empresa. Las que vende la plataforma (SMS, WhatsApp, masivos, API) solo las cambia el administrador.',
    area,
    scope: 'company',
    permissions: ['admin.list', 'user.list'],
    body: z.object({ company_id: id, feature: featureKey, enabled: z.boolean() }),
    reply: companyFeatures,
    owns: ownsCompanyInBody,
    example: { body: { company_id: 1, feature: 'reminders', enabled: true } },
  }),
  saveEmailTemplateContent: endpoint({
    method: 'POST',
    path: 'save_email_template_content',
    summary:
      'Guarda el asunto y el cuerpo HTML (depurado) de un correo de la empresa; solo admite los marcadores {{...}} de esa plantilla.',
    area,
    scope: 'company',
    permissions: ['admin.list', 'user.list'],
    body: z.object({ company_id: id, template_key: emailTemplateKey, ...templateText }),
    reply: emailTemplate,
    owns: ownsCompanyInBody,
    example: {
      body: {
        company_id: 1,
        template_key: 'signature_request',
        subject: 'Firme «{{document_name}}»',
        body_html: '<p>Hola {{signer_name}}</p>',
      },
    },
  }),
  restoreEmailTemplate: endpoint({
    method: 'POST',
    path: 'restore_email_template',
    summary: 'Vuelve a la redacción de la plataforma para un correo de la empresa.',
    area,
    scope: 'company',
    permissions: ['admin.list', 'user.list'],
    body: z.object({ company_id: id, template_key: emailTemplateKey }),
    reply: emailTemplate,
    owns: ownsCompanyInBody,
    example: { body: { company_id: 1, template_key: 'signature_request' } },
  }),
  getTemplateContentPreview: endpoint({
    method: 'POST',
    path: 'get_template_content_preview',
    summary:
      'Vista previa de un correo con valores de ejemplo: con subject/body_html, del texto aún sin guardar; sin ellos, del guardado.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    body: z.object({
      company_id: id,
      template_key: emailTemplateKey,
      subject: templateText.subject.optional(),
      body_html: templateText.body_html.optional(),
    }),
    reply: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
    owns: ownsCompanyInBody,
    example: { body: { company_id: 1, template_key: 'signature_request' } },
    skipAudit: true,
  }),
  addDownloadRequest: endpoint({
    method: 'POST',
    path: 'add_download_request',
    summary:
      'Pide la descarga en .xlsx de los datos de una empresa (usuarios y/o sucursales). Se prepara en segundo plano y se avisa por correo cuando está lista.',
    area,
    scope: 'company',
    permissions: ['company.list', 'user.list'],
    body: z.object({ company_id: id, scope: downloadRequest.shape.scope.default('all') }),
    reply: downloadRequest,
    owns: ownsCompanyInBody,
    example: { body: { company_id: 1 } },
  }),
  listDownloadRequests: endpoint({
    method: 'GET',
    path: 'download_requests/{companyId}/{page}/{itemsPerPage}',
    summary: 'Las solicitudes de descarga de una empresa, de la más reciente a la más antigua.',
    area,
    scope: 'company',
    permissions: ['company.list', 'user.list'],
    params: z.object({ companyId: id, page, itemsPerPage }),
    reply: paginated(downloadRequest),
    owns: [{ entity: 'company', from: 'params', field: 'companyId' }],
    example: { params: { companyId: 1, page: 1, itemsPerPage: 15 } },
  }),
  getDownloadRequestFile: endpoint({
    method: 'GET',
    path: 'download_request_file/{id}',
    summary: 'Descarga el .xlsx de una solicitud de descarga lista.',
    area,
    scope: 'company',
    permissions: ['company.list', 'user.list'],
    params: z.object({ id }),
    reply: z.never(),
    produces: 'xlsx',
    owns: [{ entity: 'downloadRequest', from: 'params', field: 'id' }],
  }),
} as const;
