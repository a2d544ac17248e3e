import { asc, eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import {
  documentPackageDocuments,
  documentTemplates,
  documentTemplateVersions,
} from '../../db/schema/index.js';

/** Whether each joined table's columns may be null: the template's are for an uploaded PDF. */
type Joined = {
  document_package_documents: 'not-null';
  document_template_versions: 'nullable';
  document_templates: 'nullable';
};

/**
 * The documents of some groups in their order, each joined to its template version and template
 * (both null for an uploaded PDF): the one join that group records, sending and the group's PDF
 * read, each selecting the columns it needs (`documentPackageDocuments`, `documentTemplateVersions`,
 * `documentTemplates`).
 */
export async function packageDocumentRows<Columns extends SelectedFields>(
  db: Db,
  packageIds: readonly number[],
  columns: Columns,
): Promise<SelectResult<Columns, 'partial', Joined>[]> {
  // The builder's types cannot follow a generic selection through the joins; the result type
  // above is the one drizzle gives the same query with a concrete selection.
  const rows = await db
    .select(columns as SelectedFields)
    .from(documentPackageDocuments)
    .leftJoin(
      documentTemplateVersions,
      eq(documentTemplateVersions.id, documentPackageDocuments.templateVersionId),
    )
    .leftJoin(documentTemplates, eq(documentTemplates.id, documentTemplateVersions.templateId))
    .where(inArray(documentPackageDocuments.packageId, [...packageIds]))
    .orderBy(asc(documentPackageDocuments.position), asc(documentPackageDocuments.id));
  return rows as SelectResult<Columns, 'partial', Joined>[];
}
