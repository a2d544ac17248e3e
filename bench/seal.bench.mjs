// Sealing a signed 10-page document, the whole pipeline: stamp the signers' marks into the
// rendered PDF, render and append the certificate of completion (Typst), PAdES B-T (CMS with ESS
// signing-certificate-v2, ECDSA P-256, incremental update) and an RFC 3161 timestamp from the
// platform TSA over loopback HTTP — against the same steps with @signpdf/signpdf + node-forge:
// the same stamping and certificate code, then the pdf-lib placeholder, the P12 signer and the
// same loopback timestamp request. Both run alternately in one process; goals: ours ≤ 0.5× the
// baseline's median, p95 ≤ 150 ms. The library is TypeScript, loaded through tsx: no build needed.

import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { tsImport } from 'tsx/esm/api';
import { median, percentile, ROOT, tmpDir } from './lib.mjs';

/** Library code through tsx: no build needed. */
export const needsBuild = false;

const WARMUP = 5;
const RUNS = 40;

async function load(/** @type {string} */ file) {
  return tsImport(path.join(ROOT, 'server', file), import.meta.url);
}

/** The tests' own helpers (a timestamp server, sample evidence), from tests/support/. */
async function loadSupport(/** @type {string} */ file) {
  return tsImport(path.join(ROOT, 'tests', 'support', file), import.meta.url);
}

/** An RSA-2048 PKCS#12 for the baseline: node-forge signs RSA only. */
function baselineP12() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const attrs = [
    { name: 'commonName', value: 'Sello de referencia' },
    { name: 'countryName', value: 'CO' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], '', { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** A 300 × 90 signature PNG drawn in memory (dark strokes on transparency). */
async function signaturePng() {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90"><path d="M10 70 C 60 10, 90 10, 120 60 S 200 90, 290 20" stroke="#142a6e" stroke-width="5" fill="none"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * The baseline's pdf-lib saves get the options ours uses: no object streams, and no timer wait
 * every 50 objects (pdf-lib's default, which alone costs milliseconds of idle time per save).
 */
const BASELINE_SAVE = { useObjectStreams: false, objectsPerTick: 2000 };

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function run({ log }) {
  const { loadOrCreateTrust } = await load('pades/trust.ts');
  const { sealDocument } = await load('pades/seal-document.ts');
  const { stampDocument } = await load('pades/stamp.ts');
  const { renderCompletionCertificate } = await load('pades/completion-certificate.ts');
  const { httpTimestamper } = await load('pades/timestamp-client.ts');
  const { startTimestampServer } = await loadSupport('pades/tools.ts');
  const { certificateInput } = await loadSupport('pades/evidence.ts');
  const { validateSealedPdf } = await load('pades/validate-pdf.ts');
  const { sha256 } = await load('pades/crypto.ts');
  const { DocumentRenderer } = await load('documents/renderer.ts');
  const { referenceTemplate } = await load('documents/fixtures/reference-template.ts');

  const trust = await loadOrCreateTrust(tmpDir('rubrica-seal-bench-'));
  const tsa = await startTimestampServer(trust.tsa);
  const timestamper = httpTimestamper({ url: tsa.url, tsaRoots: trust.tsaRoots });
  const renderer = DocumentRenderer.create();
  const rendered = await renderer.render(referenceTemplate());
  const png = await signaturePng();
  const stamps = rendered.fieldBoxes.map((/** @type {any} */ box) => {
    if (box.kind === 'signature')
      return box.signer === 1
        ? { box, value: { kind: 'signature_image', png, name: 'José Núñez Peña' } }
        : { box, value: { kind: 'typed_signature', text: 'María Ríos', name: 'María Ríos' } };
    if (box.kind === 'initials')
      return { box, value: { kind: 'initials', text: box.signer === 1 ? 'JN' : 'MR' } };
    return { box, value: { kind: 'date', at: new Date() } };
  });
  const { originalSha256: _o, signedSha256: _s, issuedAt: _i, ...certificate } = certificateInput();
  const p12 = baselineP12();
  log(
    `10-page document of ${rendered.pdf.length} bytes, ${stamps.length} stamps, certificate with ${certificate.auditTrail.length} audit entries; ${RUNS} runs each after ${WARMUP} warm-up runs`,
  );

  const ours = async () =>
    (
      await sealDocument({
        renderer,
        pdf: rendered.pdf,
        stamps,
        placeholders: rendered.fieldBoxes,
        certificate,
        identity: trust.seal,
        timestamper,
      })
    ).pdf;
  const baseline = async () => {
    const { document } = await stampDocument(rendered.pdf, stamps, { placeholders: rendered.fieldBoxes });
    const signedSha256 = Buffer.from(await sha256(await document.save(BASELINE_SAVE))).toString('hex');
    const certificatePdf = await PDFDocument.load(
      await renderCompletionCertificate(renderer, {
        ...certificate,
        originalSha256: rendered.sha256,
        signedSha256,
        issuedAt: new Date(),
      }),
    );
    for (const page of await document.copyPages(certificatePdf, certificatePdf.getPageIndices()))
      document.addPage(page);
    pdflibAddPlaceholder({
      pdfDoc: document,
      reason: 'Documento sellado',
      contactInfo: 'no-reply@rubrica.local',
      name: 'Sello de referencia',
      location: 'Bogotá',
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      signatureLength: 12 * 1024,
    });
    const withPlaceholder = Buffer.from(await document.save(BASELINE_SAVE));
    const signed = await new SignPdf().sign(withPlaceholder, new P12Signer(p12));
    // forge's PKCS#7 cannot add unsigned attributes, so the token is fetched and verified but not
    // embedded: the baseline is spared that step.
    await timestamper(await sha256(signed.subarray(signed.length - 64)));
    return signed;
  };

  /** @type {{ ours: number[], baseline: number[] }} */
  const samples = { ours: [], baseline: [] };
  let lastSealed = new Uint8Array();
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      for (const [name, step] of /** @type {const} */ ([
        ['ours', ours],
        ['baseline', baseline],
      ])) {
        const started = performance.now();
        const output = await step();
        const elapsed = performance.now() - started;
        if (i >= WARMUP) samples[name].push(elapsed);
        if (name === 'ours') lastSealed = output;
      }
    }
  } finally {
    await tsa.close();
  }
  const verdict = await validateSealedPdf(lastSealed, trust);
  if (verdict.status !== 'intact')
    throw new Error(`the benchmarked seal does not validate: ${verdict.problems.join('; ')}`);
  const validation = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await validateSealedPdf(lastSealed, trust);
    validation.push(performance.now() - started);
  }

  const oursMedian = median(samples.ours);
  const baselineMedian = median(samples.baseline);
  const note = `${RUNS} runs, 10 pages + certificate, ${stamps.length} stamps, loopback TSA`;
  log(`ours median ${round(oursMedian)} ms, baseline median ${round(baselineMedian)} ms`);
  return [
    {
      name: 'seal.ours_median',
      label:
        'stamp + certificate of completion + PAdES B-T + loopback RFC 3161 (pkijs, node:crypto P-256), median',
      value: round(oursMedian),
      unit: 'ms',
      better: 'lower',
      samples: samples.ours.map(round),
      note,
    },
    {
      name: 'seal.ours_p95',
      label: 'same, 95th percentile (goal ≤ 150)',
      value: round(percentile(samples.ours, 95)),
      unit: 'ms',
      better: 'lower',
      note,
    },
    {
      name: 'seal.baseline_median',
      label:
        'same stamp + certificate, then @signpdf/signpdf + node-forge (RSA-2048) + loopback timestamp request, median',
      value: round(baselineMedian),
      unit: 'ms',
      better: 'lower',
      samples: samples.baseline.map(round),
      note,
    },
    {
      name: 'seal.baseline_p95',
      label: 'baseline, 95th percentile',
      value: round(percentile(samples.baseline, 95)),
      unit: 'ms',
      better: 'lower',
      note,
    },
    {
      name: 'seal.ratio_median',
      label: 'ours ÷ baseline medians (goal ≤ 0.5)',
      value: Math.round((oursMedian / baselineMedian) * 100) / 100,
      unit: '×',
      better: 'lower',
      note,
    },
    {
      name: 'seal.validate_median',
      label: 'validateSealedPdf on the sealed 10-page document, median of 10',
      value: round(median(validation)),
      unit: 'ms',
      better: 'lower',
    },
  ];
}
