// Sealing a 10-page document: PAdES B-T (CMS with ESS signing-certificate-v2 on WebCrypto,
// incremental update) plus an RFC 3161 timestamp from the platform TSA over loopback HTTP, against
// the same steps done with @signpdf/signpdf + node-forge (pdf-lib placeholder, P12 signer, and the
// same loopback timestamp request). Both run alternately in one process; goals: ours ≤ 0.5× the
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

const WARMUP = 5;
const RUNS = 40;

async function load(/** @type {string} */ file) {
  return tsImport(pathToSigning(file), import.meta.url);
}

function pathToSigning(/** @type {string} */ file) {
  return path.join(ROOT, 'server', 'signing', file);
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

const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * @param {import('../scripts/bench.mjs').BenchContext} ctx
 * @returns {Promise<import('../scripts/bench.mjs').BenchRow[]>}
 */
export default async function run({ log }) {
  const { loadOrCreateTrust } = await load('trust.ts');
  const { sealPdf } = await load('seal-pdf.ts');
  const { httpTimestamper } = await load('timestamp-client.ts');
  const { samplePdf, startTimestampServer } = await load('test-support.ts');
  const { validateSealedPdf } = await load('validate-pdf.ts');
  const { sha256 } = await load('crypto.ts');

  const trust = await loadOrCreateTrust(tmpDir('rubrica-seal-bench-'));
  const tsa = await startTimestampServer(trust.tsa);
  const timestamper = httpTimestamper({ url: tsa.url, tsaRoots: trust.tsaRoots });
  const pdf = await samplePdf(10);
  const p12 = baselineP12();
  log(`10-page document of ${pdf.length} bytes; ${RUNS} runs each after ${WARMUP} warm-up runs`);

  const ours = async () => sealPdf({ pdf, identity: trust.seal, timestamper });
  const baseline = async () => {
    const document = await PDFDocument.load(pdf);
    pdflibAddPlaceholder({
      pdfDoc: document,
      reason: 'Documento sellado',
      contactInfo: 'no-reply@rubrica.local',
      name: 'Sello de referencia',
      location: 'Bogotá',
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      signatureLength: 12 * 1024,
    });
    const withPlaceholder = Buffer.from(await document.save({ useObjectStreams: false }));
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
  const note = `${RUNS} runs, 10 pages, loopback TSA`;
  log(`ours median ${round(oursMedian)} ms, baseline median ${round(baselineMedian)} ms`);
  return [
    {
      name: 'seal.ours_median',
      label: 'PAdES B-T seal + loopback RFC 3161 (pkijs, WebCrypto P-256), median',
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
      label: '@signpdf/signpdf + node-forge (RSA-2048) + loopback timestamp request, median',
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
