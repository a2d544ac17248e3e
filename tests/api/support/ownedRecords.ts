import { eq } from 'drizzle-orm';
import type { OwnedEntity } from '../../../contract/owners.js';
import {
  assignPlan,
  createDocumentTemplate,
  createDocumentType,
  createDownloadRequest,
  createPlan,
} from '../../../server/db/factories.js';
import { signatureRequestEmails } from '../../../server/db/schema/index.js';
import { createDocumentGroupRecords } from '../../../server/modules/documentGroups/factories.js';
import { createTestRequest } from '../../../server/requests/core/factories.js';
import { everyOwnedEntity, insertSampleRecords } from './sweep.js';
import type { TestApp } from './testApp.js';

/**
 * One record of every kind of owned record, belonging to `companyId` (the company itself and
 * `userId`, one of its users, count as its company and user): the route sweep probes another
 * company's, the list sweep filters by them. Fails when an owned entity has none (declare its
 * `sample`).
 */
export async function createOwnedRecords(
  t: TestApp,
  { companyId, userId, label }: { companyId: number; userId: number; label: string },
): Promise<Record<OwnedEntity, number>> {
  const db = t.deps.database.db;
  const documentType = await createDocumentType(db, { companyId, name: `Contrato ${label}` });
  const template = await createDocumentTemplate(db, {
    companyId,
    documentTypeId: documentType,
    name: `Plantilla ${label}`,
  });
  const request = await createTestRequest(t.deps, {
    companyId,
    signers: [{ name: `Firmante ${label}`, email: `firmante-${label.toLowerCase()}@firmas.test` }],
  });
  const groups = await createDocumentGroupRecords(db, companyId);
  return everyOwnedEntity({
    // A record of the company in every table a resource declares with a sample row.
    ...(await insertSampleRecords(db, companyId)),
    company: companyId,
    user: userId,
    documentType,
    documentTemplate: template.templateId,
    documentTemplateVersion: template.versionId,
    folder: groups.folder,
    documentPackage: groups.documentPackage,
    packageDocument: groups.packageDocument,
    downloadRequest: await createDownloadRequest(db, { companyId, requestedBy: userId }),
    planAssignment: await assignPlan(db, {
      companyId,
      planId: await createPlan(db, { name: `Plan ${label}`, signatures: 10 }),
    }),
    signatureRequest: request.requestId,
    requestSigner: request.signers[0]!.id,
    requestDocument: request.documentIds[0]!,
    // The signer's invitation, recorded when the request was sent.
    requestEmail: (
      await db
        .select({ id: signatureRequestEmails.id })
        .from(signatureRequestEmails)
        .where(eq(signatureRequestEmails.requestId, request.requestId))
        .limit(1)
    )[0]!.id,
  });
}
