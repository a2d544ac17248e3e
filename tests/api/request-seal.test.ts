import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_EVENT_ACTIONS } from '../../contract/requestEvents.js';
import {
  jobs,
  signatureRequestDocuments,
  signatureRequestEmails,
  signatureRequests,
} from '../../server/db/schema/index.js';
import type { FieldBox } from '../../server/documents/fields.js';
import { certificateDer, pemEncode } from '../../server/pades/crypto.js';
import { platformTrust } from '../../server/pades/platform-trust.js';
import { timestampHttpHandler } from '../../server/pades/timestamp-authority.js';
import { validateSealedPdf } from '../../server/pades/validate-pdf.js';
import { CONSENT } from '../../server/requests/core/consent.js';
import { requestEvents, verifyRequestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { maskEmail } from '../../server/security/masking.js';
import { readAll } from '../../server/storage/storage.js';
import { pdfWords, placeholderPixels, rasterPage } from '../support/documents/tools.js';
import { foreignIdentity, run, temporaryDirectory, writeTemp } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { freePort } from './support/processes.js';
import { expectSealedPdfPasses } from './support/sealedPdf.js';
import { signAndComplete } from './support/signedRequest.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const SIGNERS = [
  { name: 'Ana Núñez Peña', email: 'ana.sello@correo.test' },
  { name: 'Bruno Ríos', email: 'bruno.sello@correo.test' },
];

describe(`sealing completed requests on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  it('seals every document with stamps, certificate and PAdES B-T, once, and mails everyone', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: SIGNERS,
      documents: 2,
    });
    await signAndComplete(t.deps, request);
    await t.deps.queue.drain();
    const { db } = t.deps.database;
    const [row] = await db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row).toMatchObject({ status: 'completed', sealStatus: 'sealed' });
    expect(row!.sealedAt).toBeInstanceOf(Date);
    const documents = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    expect(documents).toHaveLength(2);
    const trust = await platformTrust(t.deps.config);
    const { dir, remove } = await temporaryDirectory('rubrica-request-seal-');
    try {
      for (const document of documents) {
        const pdf = new Uint8Array((await readAll(t.deps.storage, document.sealedKey!))!);
        const { createHash } = await import('node:crypto');
        expect(createHash('sha256').update(pdf).digest('hex')).toBe(document.sealedSha256);
        await expectSealedPdfPasses(pdf, t.deps.config);
        expect((await validateSealedPdf(pdf, trust)).status).toBe('intact');
        const text = (
          await run('pdftotext', [await writeTemp(dir, `d${document.id}.pdf`, pdf), '-'])
        ).stdout.replace(/[\s\u200b]+/g, ' ');
        // Stamps (names under the signatures), the certificate's evidence and the code.
        expect(text).toContain('Ana Núñez Peña');
        expect(text).toContain('Bruno Ríos');
        expect(text).toContain('Certificado de finalización');
        expect(text).toContain(document.renderedSha256);
        expect(text).toContain(request.validationCode);
        expect(text).toContain('CC 102030400');
        expect(text).toContain('203.0.113.7');
        expect(text).toContain(`a ${maskEmail('ana.sello@correo.test')}, verificado`);
      }
    } finally {
      await remove();
    }

    const events = await requestEvents(db, request.requestId);
    const sealed = events.filter((event) => event.action === 'sealed');
    expect(sealed).toHaveLength(1);
    const anchor = sealed[0]!.details as { auditCount: number; auditLastHash: string };
    const beforeSeal = events.slice(0, anchor.auditCount);
    expect(beforeSeal.at(-1)!.hash).toBe(anchor.auditLastHash);
    expect(beforeSeal.at(-1)!.action).toBe('completed');
    expect((await verifyRequestEvents(db, request.requestId)).valid).toBe(true);

    for (const signer of SIGNERS) {
      const mails = (await mailsTo(t, signer.email)).filter((mail) => mail.subject.includes('Contrato'));
      expect(mails.length).toBeGreaterThanOrEqual(1);
    }
    const completed = await db
      .select()
      .from(signatureRequestEmails)
      .where(
        and(
          eq(signatureRequestEmails.requestId, request.requestId),
          eq(signatureRequestEmails.kind, 'completed'),
        ),
      );
    expect(completed.map((email) => email.to).sort()).toEqual(
      ['ana.sello@correo.test', 'bruno.sello@correo.test', 'elena@andina.test'].sort(),
    );
    expect(await mailsTo(t, 'elena@andina.test')).not.toHaveLength(0);

    // The job again (a redelivery): nothing is sealed twice, nothing mailed twice.
    await t.deps.queue.enqueue('request.seal', { requestId: request.requestId });
    await t.deps.queue.drain();
    const again = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    expect(again.map((document) => document.sealedSha256).sort()).toEqual(
      documents.map((document) => document.sealedSha256).sort(),
    );
    expect((await requestEvents(db, request.requestId)).filter((e) => e.action === 'sealed')).toHaveLength(1);
    const completedAgain = await db
      .select()
      .from(signatureRequestEmails)
      .where(
        and(
          eq(signatureRequestEmails.requestId, request.requestId),
          eq(signatureRequestEmails.kind, 'completed'),
        ),
      );
    expect(completedAgain).toHaveLength(3);
  });

  it('seals a contract that looks signed: marks in blank boxes, no captions, a Spanish audit log in the margins', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: SIGNERS,
    });
    await signAndComplete(t.deps, request);
    await t.deps.queue.drain();
    const [document] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    const rendered = new Uint8Array((await readAll(t.deps.storage, document!.renderedKey))!);
    const sealed = new Uint8Array((await readAll(t.deps.storage, document!.sealedKey!))!);
    await expectSealedPdfPasses(sealed, t.deps.config);
    const boxes = document!.fieldBoxes as FieldBox[];
    expect(boxes.map((box) => box.kind).sort()).toEqual([
      'signature',
      'signature',
      'signing_date',
      'signing_date',
    ]);
    for (const box of boxes) {
      // Signers saw grey, outlined boxes; the sealed document shows the marks on blank paper.
      const before = placeholderPixels(await rasterPage(rendered, box.page), box);
      expect(before.fill / before.inside).toBeGreaterThan(0.9);
      const after = placeholderPixels(await rasterPage(sealed, box.page), box);
      expect(after.fill / after.inside, box.field).toBeLessThan(0.02);
      expect(after.border, box.field).toBe(0);
    }
    const { dir, remove } = await temporaryDirectory('rubrica-sealed-look-');
    try {
      const file = await writeTemp(dir, 'sealed.pdf', sealed);
      const pages = String(document!.pageCount);
      const contract = (await run('pdftotext', ['-l', pages, file, '-'])).stdout.replace(/\s+/g, ' ');
      expect(contract).not.toMatch(/Firma · Firmante|Fecha de firma ·/);
      for (const signer of SIGNERS)
        expect(contract).toMatch(new RegExp(`${signer.name} \\d{1,2} de \\w+ de \\d{4}, \\d{2}:\\d{2}`));
      // The certificate's pages: sentences with names, Bogotá time, nothing past the right margin.
      const first = String(document!.pageCount + 1);
      const certificate = (await run('pdftotext', ['-raw', '-f', first, file, '-'])).stdout.replace(
        /[\s\u200b]+/g,
        ' ',
      );
      const log = certificate.slice(certificate.indexOf('Registro de auditoría'));
      expect(log).toContain('Elena Prueba envió la solicitud');
      expect(log.replace(/ /g, '')).toContain(
        'AnaNúñezPeña(ana.sello@correo.test)verificósuidentidadconuncódigoenviadoporcorreoelectrónico',
      );
      expect(log).toContain('La solicitud quedó completada');
      expect(log).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} COT/);
      expect(log).not.toMatch(/\b(user|signer):|\{"/);
      expect(log).not.toMatch(new RegExp(`\\b(${REQUEST_EVENT_ACTIONS.join('|')})\\b`));
      expect(certificate).toContain(CONSENT.text);
      const words = pdfWords(file).filter((word) => word.page > document!.pageCount);
      expect(words.length).toBeGreaterThan(100);
      expect(words.filter((word) => word.xMax > 612 - (18 / 25.4) * 72 + 0.5)).toEqual([]);
    } finally {
      await remove();
    }
  });

  it('leaves a request in progress alone', async () => {
    const request = await createTestRequest(t.deps, { companyId: ids.andina, signers: [SIGNERS[0]!] });
    await t.deps.queue.enqueue('request.seal', { requestId: request.requestId });
    await t.deps.queue.drain();
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row!.sealStatus).toBe('not_ready');
  });
});

describe(`sealing with an external timestamp authority that fails on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let port: number;
  let tsa: Awaited<ReturnType<typeof foreignIdentity>>;
  let files: Awaited<ReturnType<typeof temporaryDirectory>>;
  beforeAll(async () => {
    files = await temporaryDirectory('rubrica-tsa-roots-');
    tsa = await foreignIdentity('Sellado de Tiempo Externo', {
      rootName: 'Raíz TSA Externa',
      profile: 'tsa',
    });
    const roots = join(files.dir, 'tsa-roots.pem');
    await writeFile(roots, pemEncode('CERTIFICATE', certificateDer(tsa.root)));
    port = await freePort();
    t = await createTestApp({
      env: { TSA_URL: `http://127.0.0.1:${port}/tsa`, TSA_TRUSTED_ROOTS_PATH: roots },
    });
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(async () => {
    await t.close();
    await files.remove();
  });

  it('stays pending seal while the authority is down, then seals with its timestamp', async () => {
    const request = await createTestRequest(t.deps, { companyId: ids.andina, signers: [SIGNERS[0]!] });
    await signAndComplete(t.deps, request);
    await t.deps.queue.drain();
    const { db } = t.deps.database;
    const read = async () =>
      (await db.select().from(signatureRequests).where(eq(signatureRequests.id, request.requestId)))[0]!;
    expect((await read()).sealStatus).toBe('pending');
    const [document] = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    expect(document!.sealedKey).toBeNull();
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `seal:${request.requestId}`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('pendiente de sello');

    const server = createServer(timestampHttpHandler(tsa.identity));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      // The back-off's wait, skipped.
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${job!.id}`);
      await t.deps.queue.drain();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect((await read()).sealStatus).toBe('sealed');
    const [sealedDocument] = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    const pdf = new Uint8Array((await readAll(t.deps.storage, sealedDocument!.sealedKey!))!);
    const verdict = await validateSealedPdf(pdf, await platformTrust(t.deps.config));
    expect(verdict.status).toBe('intact');
    expect(verdict.signatures[0]!.timestamp?.authority).toContain('Sellado de Tiempo Externo');
  });
});
