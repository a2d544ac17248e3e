import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { jobs, signatureRequestDocuments, signatureRequestSigners } from '../../server/db/schema/index.js';
import { PAGES_QUEUE, pagesKeyOf } from '../../server/requests/core/pages.js';
import { signerToken } from '../../server/requests/core/tokens.js';
import { readAll } from '../../server/storage/storage.js';
import { testDatabaseKind } from './support/database.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * A sent request's pages are drawn once, by a background job behind every other job, and stored
 * beside its document; opening the link reads them instead of drawing (server/requests/core/pages.ts).
 */
describe(`the signer's pages drawn ahead on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let group: SendingGroup;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    const plan = await createPlan(t.deps.database.db, { name: 'Páginas', signatures: 20 });
    await assignPlan(t.deps.database.db, {
      companyId: ids.andina,
      planId: plan,
      startsAt: new Date(Date.now() - 86_400_000),
    });
    group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
  });
  afterAll(() => t.close());

  /** Sends the group to two signers through the API; returns the request and signer 1's token. */
  async function send(values: Record<string, string>, signers: [string, string]) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/process_signature_request',
      headers: bearer(tokens.elena),
      payload: sendingBody(group.packageId, {
        values: { ...sendingBody(group.packageId).values, ...values },
        signers: signers.map((name, index) => ({
          number: index + 1,
          name,
          email: `${name
            .normalize('NFD')
            .replace(/[^A-Za-z]+/g, '.')
            .toLowerCase()}@correo.test`,
        })),
      }),
    });
    expect(sent.statusCode).toBe(200);
    const requestId = sent.json().data.request_id as number;
    const [signer] = await t.deps.database.db
      .select({ id: signatureRequestSigners.id })
      .from(signatureRequestSigners)
      .where(and(eq(signatureRequestSigners.requestId, requestId), eq(signatureRequestSigners.number, 1)));
    return { requestId, token: signerToken(t.deps.secrets.sessionSecret, signer!.id, 1) };
  }

  const documentsOf = (requestId: number) =>
    t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId));
  const storedPages = async (document: { renderedKey: string; renderedSha256: string }) =>
    JSON.parse((await readAll(t.deps.storage, pagesKeyOf(document)))!.toString('utf8')) as {
      svg: string;
    }[];
  const marked = (documentId: number, index: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg"><title>guardada ${documentId}-${index}</title></svg>`;

  it('queues the drawing behind the invitation, stores the pages, and the link reads them', async () => {
    // A client of its own: bytes no earlier test file in this worker has had drawn (and cached).
    const { requestId, token } = await send({ cliente: 'Páginas Propias S.A.S.' }, [
      'Paula Páginas',
      'Pedro Páginas',
    ]);
    const queued = await t.deps.database.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    const drawing = queued.filter((job) => job.queue === PAGES_QUEUE);
    expect(drawing.map((job) => [job.payload, job.priority])).toEqual([[{ requestId }, -1]]);
    // Every other job of the send (the invitation's e-mail) comes first.
    expect(queued.filter((job) => job.queue !== PAGES_QUEUE).every((job) => job.priority >= 0)).toBe(true);

    await t.deps.queue.drain();
    const documents = await documentsOf(requestId);
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      const stored = await storedPages(document);
      expect(stored).toHaveLength(document.pageCount);
      expect(stored[0]!.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      // Marked, so that the pages the signer opens can only have come from storage.
      const pages = stored.map((page, index) => ({ ...page, svg: marked(document.id, index) }));
      await t.deps.storage.put(pagesKeyOf(document), Buffer.from(JSON.stringify(pages)));
    }

    const view = await signingCaller(t)('verify_token_sign_request', { token });
    expect(view.status).toBe(200);
    for (const document of view.json.data.documents as { id: number; pages: { svg: string }[] }[]) {
      expect(document.pages.map((page) => page.svg)).toEqual(
        document.pages.map((_, index) => marked(document.id, index)),
      );
    }
  });

  it('draws on the spot, and stores, the pages of a document opened before its job ran', async () => {
    // Another client: other bytes, whose pages nothing has drawn yet.
    const { requestId, token } = await send({ cliente: 'Temprano Hermanos S.A.S.' }, [
      'Tomás Temprano',
      'Teresa Temprano',
    ]);
    const view = await signingCaller(t)('verify_token_sign_request', { token });
    expect(view.status).toBe(200);
    const [document] = await documentsOf(requestId);
    expect((await storedPages(document!)).map((page) => page.svg)).toEqual(
      view.json.data.documents[0].pages.map((page: { svg: string }) => page.svg),
    );
    await t.deps.queue.drain();
  });

  it('draws again the pages of a stored file that is not JSON, and stores them whole', async () => {
    const { requestId, token } = await send({ cliente: 'Archivo Roto Ltda.' }, ['Rosa Rota', 'Rubén Roto']);
    await t.deps.queue.drain();
    const [document] = await documentsOf(requestId);
    await t.deps.storage.put(pagesKeyOf(document!), Buffer.from('[{"svg": "<svg'));
    const view = await signingCaller(t)('verify_token_sign_request', { token });
    expect(view.status).toBe(200);
    const pages = view.json.data.documents[0].pages as { svg: string }[];
    expect(pages).toHaveLength(document!.pageCount);
    expect(pages[0]!.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await storedPages(document!)).map((page) => page.svg)).toEqual(pages.map((page) => page.svg));
  });
});
