import { eq } from 'drizzle-orm';
import {
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { RenderedDocument } from '../../documents/renderer.js';
import { sharedRenderer } from '../../modules/templates/templateRender.service.js';
import { newValidationCode } from '../../pades/validation-code.js';
import { appendRequestEvent } from './events.js';
import { inviteSigner } from './mail.js';
import { signerToken, signerTokenHash } from './tokens.js';

/**
 * Test and seed factories of signature requests (API tests, route sweep, end-to-end setup): a
 * request as sending leaves it — one rendered document with a signature and a date box per
 * signer, stored; signers with links; the first turn invited — without going through a sender's
 * screen or plan units.
 */

export type NewTestSigner = {
  name: string;
  email: string;
  phone?: string;
  kind?: 'signer' | 'approver' | 'copy';
  authentication?: string[];
};

export type NewTestRequest = {
  companyId: number;
  createdBy?: number;
  title?: string;
  signers: NewTestSigner[];
  signingOrder?: 'sequential' | 'parallel';
  expiresAt?: Date;
  /** Number of documents (each one page). */
  documents?: number;
};

export type TestRequest = {
  requestId: number;
  validationCode: string;
  documentIds: number[];
  /** Each signer's id and current link token (tests open the signer pages with it). */
  signers: { id: number; token: string; email: string }[];
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!,
  );

export async function createTestRequest(deps: Deps, input: NewTestRequest): Promise<TestRequest> {
  const title = input.title ?? 'Contrato de prestación de servicios';
  const fields: Record<string, { kind: 'signature' | 'signing_date'; signer: number }> = {};
  const boxes = input.signers
    .map((signer, index) => {
      const number = index + 1;
      fields[`firma_${number}`] = { kind: 'signature', signer: number };
      fields[`fecha_${number}`] = { kind: 'signing_date', signer: number };
      return `<p>${escapeHtml(signer.name)}</p><p><span data-field="firma_${number}">Firma</span> <span data-field="fecha_${number}">Fecha</span></p>`;
    })
    .join('');
  const rendered: RenderedDocument[] = [];
  for (let position = 1; position <= (input.documents ?? 1); position++) {
    rendered.push(
      await sharedRenderer().render({
        html: `<h1>${escapeHtml(title)} (${position})</h1><p>Las partes acuerdan lo siguiente.</p>${boxes}`,
        fields,
      }),
    );
  }
  const validationCode = newValidationCode();
  const now = deps.clock.now();
  const sequential = (input.signingOrder ?? 'sequential') === 'sequential';
  return deps.database.db.transaction(async (tx) => {
    const [request] = await tx
      .insert(signatureRequests)
      .values({
        companyId: input.companyId,
        createdBy: input.createdBy ?? null,
        source: 'single',
        title,
        signingOrder: sequential ? 'sequential' : 'parallel',
        expiresAt: input.expiresAt ?? new Date(now.getTime() + 30 * 86_400_000),
        validationCode,
      })
      .returning({ id: signatureRequests.id });
    const requestId = request!.id;
    await appendRequestEvent(tx, { requestId, userId: input.createdBy ?? null, action: 'sent' });
    const documentIds: number[] = [];
    for (const [index, document] of rendered.entries()) {
      const key = `companies/${input.companyId}/requests/${requestId}/document-${index + 1}.pdf`;
      await deps.storage.put(key, document.pdf);
      const [row] = await tx
        .insert(signatureRequestDocuments)
        .values({
          requestId,
          companyId: input.companyId,
          position: index + 1,
          name: `${title} (${index + 1})`,
          renderedKey: key,
          renderedBytes: document.pdf.length,
          renderedSha256: document.sha256,
          pageCount: document.pageCount,
          fieldBoxes: document.fieldBoxes,
        })
        .returning({ id: signatureRequestDocuments.id });
      documentIds.push(row!.id);
    }
    const signers: TestRequest['signers'] = [];
    for (const [index, signer] of input.signers.entries()) {
      const [row] = await tx
        .insert(signatureRequestSigners)
        .values({
          requestId,
          companyId: input.companyId,
          number: index + 1,
          turn: sequential ? index + 1 : 1,
          kind: signer.kind ?? 'signer',
          name: signer.name,
          email: signer.email.toLowerCase(),
          phone: signer.phone ?? null,
          authentication: signer.authentication ?? [],
          tokenHash: `pending-${requestId}-${index}`,
        })
        .returning({ id: signatureRequestSigners.id });
      const id = row!.id;
      await tx
        .update(signatureRequestSigners)
        .set({ tokenHash: signerTokenHash(deps.secrets.sessionSecret, id, 1) })
        .where(eq(signatureRequestSigners.id, id));
      signers.push({
        id,
        token: signerToken(deps.secrets.sessionSecret, id, 1),
        email: signer.email.toLowerCase(),
      });
      if (!sequential || index === 0) await inviteSigner(deps, tx, id);
    }
    return { requestId, validationCode, documentIds, signers };
  });
}
