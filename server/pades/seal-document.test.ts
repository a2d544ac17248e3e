import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../tests/support/documents/tools.js';
import { certificateInput } from '../../tests/support/pades/evidence.js';
import { annotationUpdate, buildMutations } from '../../tests/support/pades/mutations.js';
import {
  foreignIdentity,
  nssTrustingPlatformCa,
  openPlatformTrust,
  pdfsig,
  run,
  signatureGaps,
  writeTemp,
} from '../../tests/support/pades/tools.js';
import { referenceTemplate } from '../documents/fixtures/reference-template.js';
import { DocumentRenderer, type RenderedDocument } from '../documents/renderer.js';
import {
  PendingSealError,
  type SealDocumentInput,
  type SealedDocument,
  sealDocument,
} from './seal-document.js';
import type { Stamp } from './stamp.js';
import { httpTimestamper } from './timestamp-client.js';
import type { PlatformTrust } from './trust.js';
import { validateSealedPdf } from './validate-pdf.js';

let dir: string;
let close: () => Promise<void>;
let trust: PlatformTrust;
let tsaUrl: string;
let renderer: DocumentRenderer;
let rendered: RenderedDocument;
let input: SealDocumentInput;
let sealed: SealedDocument;

function stampsFor(document: RenderedDocument): Stamp[] {
  return document.fieldBoxes.map((box): Stamp => {
    switch (box.kind) {
      case 'signature':
        return box.signer === 1
          ? {
              box,
              value: {
                kind: 'signature_image',
                png: solidPng(300, 90, [20, 30, 90]),
                name: 'José Núñez Peña',
              },
            }
          : { box, value: { kind: 'typed_signature', text: 'María Ríos', name: 'María Ríos' } };
      case 'initials':
        return { box, value: { kind: 'initials', text: box.signer === 1 ? 'JN' : 'MR' } };
      default:
        return { box, value: { kind: 'date', at: new Date('2026-03-02T03:30:15Z') } };
    }
  });
}

beforeAll(async () => {
  ({ dir, trust, tsaUrl, close } = await openPlatformTrust('rubrica-seal-document-', {
    timestampServer: true,
  }));
  renderer = DocumentRenderer.create();
  rendered = await renderer.render(referenceTemplate());
  const {
    originalSha256: _original,
    signedSha256: _signed,
    issuedAt: _issued,
    ...certificate
  } = certificateInput();
  input = {
    renderer,
    pdf: rendered.pdf,
    stamps: stampsFor(rendered),
    certificate,
    identity: trust.seal,
    timestamper: httpTimestamper({ url: tsaUrl, tsaRoots: trust.tsaRoots }),
  };
  sealed = await sealDocument(input);
}, 120_000);
afterAll(() => close());

function expectPdfsigValid(report: string) {
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
  expect(report).toContain('ETSI.CAdES.detached');
}

describe('sealDocument', () => {
  it('stamps, appends the certificate and seals: pdfsig and qpdf accept it', async () => {
    const file = await writeTemp(dir, 'sealed.pdf', sealed.pdf);
    expectPdfsigValid(await pdfsig(file));
    expect((await run('qpdf', ['--check', file])).stdout).toContain('No syntax or stream encoding errors');
    const info = (await run('pdfinfo', [file])).stdout;
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(10 + sealed.certificatePages);
    expect(sealed.certificatePages).toBeGreaterThanOrEqual(1);
    const text = (await run('pdftotext', [file, '-'])).stdout.replace(/[\s\u200b]+/g, ' ');
    expect(text).toContain('José Núñez Peña');
    expect(text).toContain('1 de marzo de 2026, 22:30');
    expect(text).toContain('Certificado de finalización');
    expect(text).toContain(`SHA-256 del documento original ${rendered.sha256}`);
    expect(text).toContain(sealed.signedSha256);
  });

  it('states the hashes before and after stamping, and the file’s own hash', async () => {
    expect(sealed.originalSha256).toBe(rendered.sha256);
    expect(sealed.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed.signedSha256).not.toBe(sealed.originalSha256);
    const { createHash } = await import('node:crypto');
    const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(sealed.sha256).toBe(hash(sealed.pdf));
    // The stamped document is the sealed file's first revision: its hash can be checked by anyone.
    const firstEnd = Buffer.from(sealed.pdf).indexOf('%%EOF') + '%%EOF'.length;
    expect(hash(sealed.pdf.subarray(0, firstEnd))).toBe(sealed.signedSha256);
    const firstRevision = await PDFDocument.load(sealed.pdf.subarray(0, firstEnd));
    expect(firstRevision.getPageCount()).toBe(10);
  });

  it('carries signing-certificate-v2 and the timestamp token in its CMS', async () => {
    const [gap] = signatureGaps(sealed.pdf);
    const { stdout } = await run('openssl', [
      'asn1parse',
      '-inform',
      'DER',
      '-in',
      await writeTemp(dir, 'seal.p7s', gap!.der),
    ]);
    expect(stdout).toContain('id-smime-aa-signingCertificateV2');
    expect(stdout).toContain('id-smime-aa-timeStampToken');
    expect(stdout).toContain('id-smime-ct-TSTInfo');
    expect(stdout).not.toContain('signingTime');
  });

  it('is trusted by pdfsig once the platform CA is in an NSS database', async () => {
    const nss = await nssTrustingPlatformCa(dir);
    const report = await pdfsig(await writeTemp(dir, 'trusted.pdf', sealed.pdf), nss);
    expect(report).toContain('Certificate is Trusted');
    expectPdfsigValid(report);
  });

  it('validates as intact; annotations added later make it "modified after signing"', async () => {
    const verdict = await validateSealedPdf(sealed.pdf, trust);
    expect(verdict).toMatchObject({ status: 'intact', problems: [] });
    expect(verdict.signatures[0]).toMatchObject({
      signer: 'Rúbrica Sello de Documentos',
      coversWholeDocument: true,
    });
    const noted = await validateSealedPdf(await annotationUpdate(sealed.pdf), trust);
    expect(noted.status).toBe('modified');
  });

  it('calls every copy of the mutation corpus altered', async () => {
    const mutations = await buildMutations({ original: rendered.pdf, sealed: sealed.pdf, trust, dir });
    expect(mutations.length).toBeGreaterThanOrEqual(30);
    for (const name of [
      'an update that changes a page',
      'shadowed annotation: the seal widget redefined over the page',
    ]) {
      expect(mutations.map((mutation) => mutation.name)).toContain(name);
    }
    expect(mutations.some((mutation) => /qpdf/.test(mutation.name))).toBe(true);
    const missed: string[] = [];
    for (const mutation of mutations) {
      const verdict = await validateSealedPdf(mutation.bytes, mutation.trust ?? trust);
      if (verdict.status !== 'altered') missed.push(`${mutation.name}: ${verdict.status}`);
    }
    expect(missed).toEqual([]);
  }, 300_000);

  it('leaves the document pending seal when the timestamp authority answers with an error', async () => {
    const failing = createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('mantenimiento');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/tsa`;
    try {
      const attempt = sealDocument({
        ...input,
        timestamper: httpTimestamper({ url, tsaRoots: trust.tsaRoots }),
      });
      await expect(attempt).rejects.toBeInstanceOf(PendingSealError);
      await expect(attempt).rejects.toThrow('pendiente de sello');
      const error = (await attempt.catch((caught: unknown) => caught)) as PendingSealError;
      expect(error.code).toBe('pending_seal');
      expect(String((error.cause as Error).message)).toContain('HTTP 503');
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });

  it('leaves the document pending seal when the timestamp authority is unreachable or untrusted', async () => {
    const unreachable = httpTimestamper({
      url: 'http://127.0.0.1:9/tsa',
      tsaRoots: trust.tsaRoots,
      timeoutMs: 2000,
    });
    await expect(sealDocument({ ...input, timestamper: unreachable })).rejects.toBeInstanceOf(
      PendingSealError,
    );
    // A TSA answering fine but not pinned: its token is refused, so the seal is not made.
    const elsewhere = await foreignIdentity('Otra Autoridad de Sellado de Tiempo');
    const untrusted = httpTimestamper({ url: tsaUrl, tsaRoots: [elsewhere.root] });
    await expect(sealDocument({ ...input, timestamper: untrusted })).rejects.toBeInstanceOf(PendingSealError);
  });
});
