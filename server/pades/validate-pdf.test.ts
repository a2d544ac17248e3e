import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annotationUpdate,
  buildMutations,
  dssUpdate,
  type Mutation,
} from '../../tests/support/pades/mutations.js';
import {
  foreignIdentity,
  openPlatformTrust,
  pdfsig,
  samplePdf,
  writeTemp,
} from '../../tests/support/pades/tools.js';
import { certificateDer } from './crypto.js';
import { sealPdf } from './seal-pdf.js';
import { localTimestamper } from './timestamp-client.js';
import type { PlatformTrust } from './trust.js';
import { validateSealedPdf } from './validate-pdf.js';

let dir: string;
let close: () => Promise<void>;
let trust: PlatformTrust;
let original: Uint8Array;
let sealed: Uint8Array;
let mutations: Mutation[];

beforeAll(async () => {
  ({ dir, trust, close } = await openPlatformTrust('rubrica-validate-'));
  original = await samplePdf(3);
  sealed = await sealPdf({ pdf: original, identity: trust.seal, timestamper: localTimestamper(trust.tsa!) });
  mutations = await buildMutations({ original, sealed, trust, dir });
}, 120_000);
afterAll(() => close());

describe('validateSealedPdf', () => {
  it('calls an untouched seal intact, naming the signer and the timestamp', async () => {
    const verdict = await validateSealedPdf(sealed, trust);
    expect(verdict).toMatchObject({ status: 'intact', problems: [] });
    expect(verdict.summary).toContain('íntegro');
    expect(verdict.signatures).toHaveLength(1);
    expect(verdict.signatures[0]).toMatchObject({
      signer: 'Rúbrica Sello de Documentos',
      organization: 'Rúbrica',
      coversWholeDocument: true,
      valid: true,
      timestamp: { authority: 'Rúbrica Sellado de Tiempo' },
    });
    expect(verdict.signatures[0]!.signedAt).toBeInstanceOf(Date);
  });

  it('calls intact a document sealed twice and one followed by DSS data only', async () => {
    const twice = await sealPdf({
      pdf: sealed,
      identity: trust.seal,
      timestamper: localTimestamper(trust.tsa!),
    });
    expect((await validateSealedPdf(twice, trust)).status).toBe('intact');
    const withDss = await dssUpdate(sealed, certificateDer(trust.root));
    expect((await validateSealedPdf(withDss, trust)).status).toBe('intact');
  });

  it('calls "modified after signing" an update that only adds annotations', async () => {
    const noted = await annotationUpdate(sealed);
    const verdict = await validateSealedPdf(noted, trust);
    expect(verdict.status).toBe('modified');
    expect(verdict.summary).toContain('modificado después de firmado');
    expect(verdict.signatures[0]).toMatchObject({ valid: true, coversWholeDocument: false });
    expect((await validateSealedPdf(await annotationUpdate(noted, 'Otra nota'), trust)).status).toBe(
      'modified',
    );
  });

  it('has a corpus of at least 30 distinct tampered copies', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mutations.map((mutation) => mutation.name)).size).toBe(mutations.length);
  });

  it('calls every tampered copy altered, with reasons in Spanish', async () => {
    const results: { name: string; status: string; problems: string[] }[] = [];
    for (const mutation of mutations) {
      const verdict = await validateSealedPdf(mutation.bytes, mutation.trust ?? trust);
      results.push({ name: mutation.name, status: verdict.status, problems: verdict.problems });
    }
    const missed = results.filter((result) => result.status !== 'altered');
    expect(missed).toEqual([]);
    for (const result of results) expect(result.problems.length).toBeGreaterThan(0);
    // Caught for the right reason, not by accident of a broken structure.
    const reasons: Record<string, RegExp> = {
      'timestamp token stripped': /no tiene un sello de tiempo/,
      'timestamp token swapped for one over another value': /no corresponde a esta firma/,
      'timestamp from a look-alike authority': /sellado de tiempo no confiable/,
      're-signed by a look-alike key with the seal subject name': /certificado de firma no confiable/,
      'non-zero padding in /Contents': /relleno/,
      'an unsigned /Reason in the gap': /espacio de la firma contiene algo más/,
      'garbage after %%EOF': /después del final/,
      'signingTime among the signed attributes': /signingTime/,
      'ESS signing-certificate-v2 naming another certificate': /sustituido/,
      'an object hidden outside the cross-reference': /fuera de su referencia cruzada/,
      'shadowed annotation: the seal widget redefined over the page': /modifica el objeto existente/,
      'an update that changes a page': /de una página/,
      'AcroForm fields emptied by an update': /campos del formulario/,
      'signature dictionary redefined by an update': /diccionario de la firma/,
    };
    for (const [name, reason] of Object.entries(reasons)) {
      const result = results.find((item) => item.name === name);
      expect(result?.problems.join(' ; '), name).toMatch(reason);
    }
  }, 300_000);

  it('is stricter than pdfsig, which calls some of the same copies valid', async () => {
    let fooledPdfsig = 0;
    for (const mutation of mutations) {
      const report = await pdfsig(await writeTemp(dir, 'mutation.pdf', mutation.bytes)).catch(() => '');
      if (
        /Signature is Valid/.test(report) &&
        /Total document signed/.test(report) &&
        !/Signature #2/.test(report)
      ) {
        fooledPdfsig++;
      }
    }
    expect(fooledPdfsig).toBeGreaterThan(0);
  }, 300_000);

  it('reports an unsigned PDF as unsigned and pins trust to the given roots', async () => {
    expect((await validateSealedPdf(original, trust)).status).toBe('unsigned');
    const other = await foreignIdentity('Otro');
    const verdict = await validateSealedPdf(sealed, { signerRoots: [other.root], tsaRoots: trust.tsaRoots });
    expect(verdict.status).toBe('altered');
    expect(verdict.problems.join(' ')).toMatch(/no confiable/);
  });
});
