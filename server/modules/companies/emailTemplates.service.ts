import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { emailTemplate } from '../../../contract/endpoints/companyFeatures.js';
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATES,
  type EmailPlaceholder,
  type EmailTemplateKey,
  emailTemplateByKey,
} from '../../../contract/features.js';
import type { Db } from '../../db/client.js';
import { companies, companyEmailTemplates as templateTable } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import {
  fillEmailTemplate,
  PLACEHOLDER,
  type RenderedEmail,
  sanitizeEmailHtml,
} from '../../html/emailTemplate.js';

type EmailTemplate = z.input<typeof emailTemplate>;
type TemplateRow = {
  companyId: number;
  templateKey: string;
  subject: string;
  bodyHtml: string;
  updatedAt: Date;
};

export const TEMPLATE_MESSAGES = {
  saved: 'Plantilla de correo guardada',
  restored: 'Se restableció el texto de la plataforma',
  emptyBody: 'El cuerpo del correo quedó vacío al quitar el contenido no permitido',
  placeholder: (found: string, allowed: readonly string[]) =>
    `Marcador no permitido: ${found}. Use: ${allowed.map((key) => `{{${key}}}`).join(', ')}`,
} as const;

/** Field errors for every {{marker}} this template does not offer. */
function placeholderErrors(key: EmailTemplateKey, fields: Record<string, string | undefined>) {
  const allowed = emailTemplateByKey(key).placeholders;
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(fields)) {
    for (const match of text?.matchAll(PLACEHOLDER) ?? []) {
      if (!allowed.includes(match[1] as EmailPlaceholder)) {
        errors[field] ??= TEMPLATE_MESSAGES.placeholder(match[0], allowed);
      }
    }
  }
  return errors;
}

/** Sanitised, checked text of a template, or a 422 naming the field at fault. */
function cleanTemplate(key: EmailTemplateKey, subject: string, bodyHtml: string) {
  const body = sanitizeEmailHtml(bodyHtml);
  const errors = placeholderErrors(key, { subject, body_html: body });
  if (!body) errors.body_html ??= TEMPLATE_MESSAGES.emptyBody;
  const [first] = Object.values(errors);
  if (first) throw unprocessable(first, errors);
  return { subject: subject.replace(/[\r\n]+/g, ' ').trim(), bodyHtml: body };
}

/** Templates as a company sees them: its own wording, else (a branch) its parent's, else the platform's. */
export async function companyEmailTemplates(
  db: Db,
  company: { id: number; parentId: number | null },
): Promise<EmailTemplate[]> {
  const ids = company.parentId === null ? [company.id] : [company.id, company.parentId];
  const rows: TemplateRow[] = await db
    .select({
      companyId: templateTable.companyId,
      templateKey: templateTable.templateKey,
      subject: templateTable.subject,
      bodyHtml: templateTable.bodyHtml,
      updatedAt: templateTable.updatedAt,
    })
    .from(templateTable)
    .where(inArray(templateTable.companyId, ids));
  return EMAIL_TEMPLATES.map((template) => {
    const own = rows.find((row) => row.companyId === company.id && row.templateKey === template.key);
    const inherited = rows.find(
      (row) => row.companyId === company.parentId && row.templateKey === template.key,
    );
    const row = own ?? inherited;
    return {
      key: template.key,
      label: template.label,
      placeholders: template.placeholders.map((key) => ({ key, label: EMAIL_PLACEHOLDERS[key] })),
      subject: row?.subject ?? template.subject,
      body_html: row?.bodyHtml ?? template.bodyHtml,
      source: own ? 'company' : inherited ? 'parent' : 'default',
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  });
}

async function liveCompany(db: Db, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, parentId: companies.parentId, fiscalName: companies.fiscalName })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company) throw notFound();
  return company;
}

async function templateOf(db: Db, companyId: number, key: EmailTemplateKey): Promise<EmailTemplate> {
  const templates = await companyEmailTemplates(db, await liveCompany(db, companyId));
  return templates.find((template) => template.key === key)!;
}

type SaveInput = { company_id: number; template_key: EmailTemplateKey; subject: string; body_html: string };

/** Stores the company's wording of one e-mail, sanitised, with only the markers that e-mail offers. */
export async function saveEmailTemplate(deps: Deps, actor: Actor, input: SaveInput): Promise<EmailTemplate> {
  const clean = cleanTemplate(input.template_key, input.subject, input.body_html);
  const values = {
    companyId: input.company_id,
    templateKey: input.template_key,
    subject: clean.subject,
    bodyHtml: clean.bodyHtml,
    updatedBy: actor.userId,
    updatedAt: deps.clock.now(),
  };
  await deps.database.db
    .insert(templateTable)
    .values(values)
    .onConflictDoUpdate({ target: [templateTable.companyId, templateTable.templateKey], set: values });
  return templateOf(deps.database.db, input.company_id, input.template_key);
}

/** Drops the company's own wording: it uses its parent's or the platform's again. */
export async function restoreEmailTemplate(
  deps: Deps,
  input: { company_id: number; template_key: EmailTemplateKey },
): Promise<EmailTemplate> {
  await deps.database.db
    .delete(templateTable)
    .where(
      and(eq(templateTable.companyId, input.company_id), eq(templateTable.templateKey, input.template_key)),
    );
  return templateOf(deps.database.db, input.company_id, input.template_key);
}

type Values = Partial<Record<EmailPlaceholder, string>>;

function sampleValues(deps: Deps, companyName: string): Values {
  const base = (deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(
    /\/+$/,
    '',
  );
  return {
    signer_name: 'Ana María Pérez',
    document_name: 'Contrato de prestación de servicios',
    link: `${base}/signature-request/ejemplo`,
    company_name: companyName,
    sender_name: 'Carlos Gómez',
    expires_at: '31/12/2026, 11:59 p. m.',
    code: '482913',
  };
}

type PreviewInput = {
  company_id: number;
  template_key: EmailTemplateKey;
  subject?: string;
  body_html?: string;
};

/** The e-mail with sample values: of the text being edited when sent, else of the saved one. */
export async function previewEmailTemplate(deps: Deps, input: PreviewInput): Promise<RenderedEmail> {
  const { db } = deps.database;
  const company = await liveCompany(db, input.company_id);
  const saved = await templateOf(db, input.company_id, input.template_key);
  const clean = cleanTemplate(
    input.template_key,
    input.subject ?? saved.subject,
    input.body_html ?? saved.body_html,
  );
  return fillEmailTemplate(clean, sampleValues(deps, company.fiscalName));
}

/** The markers a template's text uses. */
const markersOf = (text: string) => new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]));

/**
 * A company's e-mail ready to send (for the signing flows): its wording with real values.
 * `required`: a value the e-mail must show; a wording without its marker gets `html` at its end.
 */
export async function renderCompanyEmail(
  deps: Deps,
  companyId: number,
  key: EmailTemplateKey,
  values: Values,
  required?: { marker: EmailPlaceholder; html: string },
): Promise<RenderedEmail> {
  const { db } = deps.database;
  const company = await liveCompany(db, companyId);
  const template = await templateOf(db, companyId, key);
  const body =
    required && !markersOf(template.body_html).has(required.marker)
      ? `${template.body_html}${required.html}`
      : template.body_html;
  return fillEmailTemplate(
    { subject: template.subject, bodyHtml: body },
    { company_name: company.fiscalName, ...values },
  );
}
