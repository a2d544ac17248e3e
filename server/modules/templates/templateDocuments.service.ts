import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { templateChanges, templateHtml } from '../../../contract/endpoints/documents.js';
import type { Db } from '../../db/client.js';
import { documentTemplateVersions } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { convertAndCountPages } from '../../uploads/index.js';
import { diffBlocks, diffFields, textBlocks } from './templateDiff.js';
import { type RenderedPdfReply, renderTemplate } from './templateRender.service.js';
import { getVersion, summariseVersion } from './templates.service.js';

/** The sanitised HTML of a template's current version (viewHtml); the template must be the company's. */
export async function viewTemplateHtml(
  db: Db,
  companyId: number,
  templateId: number,
): Promise<z.output<typeof templateHtml>> {
  const { template, version } = await getVersion(db, templateId);
  if (template.company_id !== companyId) throw notFound();
  return {
    template_id: template.id,
    version_id: version.id,
    number: version.number,
    name: template.name,
    html: version.html,
    header_html: version.header_html,
    footer_html: version.footer_html,
  };
}

export type VersionRender = {
  templateId: number;
  versionId?: number;
  /** The template must belong to this company (view_template names both). */
  companyId?: number;
  values: Record<string, string>;
  samples: boolean;
  pages: boolean;
};

/** A saved version as PDF: pdf_preview_document and view_template (samples), preview_document (values). */
export async function renderVersion(db: Db, input: VersionRender): Promise<RenderedPdfReply> {
  const { template, version } = await getVersion(db, input.templateId, input.versionId);
  if (input.companyId !== undefined && template.company_id !== input.companyId) throw notFound();
  return renderTemplate({
    content: version,
    values: input.values,
    samples: input.samples,
    pages: input.pages,
    title: template.name,
  });
}

/** What a version changed against the one before it, for the side-by-side screen. */
export async function templateVersionChanges(
  db: Db,
  templateId: number,
  versionId: number,
): Promise<z.output<typeof templateChanges>> {
  const { template, version } = await getVersion(db, templateId, versionId);
  const [previousRow] = await db
    .select({ id: documentTemplateVersions.id })
    .from(documentTemplateVersions)
    .where(
      and(
        eq(documentTemplateVersions.templateId, templateId),
        lt(documentTemplateVersions.number, version.number),
      ),
    )
    .orderBy(desc(documentTemplateVersions.number))
    .limit(1);
  const previous = previousRow ? (await getVersion(db, templateId, previousRow.id)).version : null;
  const compare = (key: 'html' | 'header_html' | 'footer_html') =>
    diffBlocks(previous ? textBlocks(previous[key]) : [], textBlocks(version[key]));
  return {
    template_id: template.id,
    version: summariseVersion(version, template.current_version),
    previous: previous ? summariseVersion(previous, template.current_version) : null,
    body: compare('html'),
    header: compare('header_html'),
    footer: compare('footer_html'),
    fields: diffFields(previous?.fields ?? [], version.fields),
    page_changed: previous !== null && JSON.stringify(previous.page) !== JSON.stringify(version.page),
  };
}

/** convert_and_count_pages: the upload's bytes through the upload checks and converters. */
export async function importDocument(contentBase64: string) {
  const imported = await convertAndCountPages(Buffer.from(contentBase64, 'base64'));
  if (imported.kind === 'pdf') return { kind: 'pdf' as const, page_count: imported.pageCount };
  return {
    kind: 'docx' as const,
    html: imported.html,
    image_count: imported.imageCount,
    dropped_images: imported.droppedImages,
  };
}
