import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFRef,
} from 'pdf-lib';
import { type ChangeKind, classifyRevision } from './pdf-revision-diff.js';
import { latin1, PdfStructureError, parseObjectAt, type Revision, readRevisions } from './pdf-structure.js';
import type { ValidationTrust } from './trust.js';
import { type ByteRange, checkCms, splitDer } from './validate-signature.js';

export type ValidationStatus = 'intact' | 'modified' | 'altered' | 'unsigned';

export type SignatureVerdict = {
  signer?: string;
  organization?: string;
  /** When it was signed, as the timestamp authority certifies it. */
  signedAt?: Date;
  timestamp?: { time: Date; authority: string; serial: string };
  coversWholeDocument: boolean;
  valid: boolean;
  problems: string[];
};

export type Verdict = {
  status: ValidationStatus;
  /** One sentence in plain Spanish for the public validation page. */
  summary: string;
  problems: string[];
  signatures: SignatureVerdict[];
};

const SUMMARIES: Record<ValidationStatus, string> = {
  intact: 'El documento está íntegro: no ha cambiado desde que se firmó.',
  modified: 'El documento fue modificado después de firmado: solo se agregaron anotaciones o firmas.',
  altered: 'El documento fue alterado: las firmas no garantizan su contenido actual.',
  unsigned: 'El documento no tiene firmas digitales.',
};

function verdict(status: ValidationStatus, problems: string[], signatures: SignatureVerdict[] = []): Verdict {
  return { status, summary: SUMMARIES[status], problems, signatures };
}

type Located = {
  range: ByteRange;
  objectNumber: number;
  objectStart: number;
  revisionIndex: number;
  problems: string[];
};

const HEX = /^[0-9a-fA-F]*$/;

/** Finds every signature dictionary by its /ByteRange and checks the bytes around its gap. */
function locateSignatures(bytes: Uint8Array, revisions: Revision[]): Located[] | string {
  const text = latin1(bytes);
  const found: Located[] = [];
  const context = PDFContext.create();
  for (const match of text.matchAll(/\/ByteRange\b/g)) {
    const problems: string[] = [];
    const numbers = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
      text.slice(match.index, match.index + 120),
    );
    if (!numbers) return 'una firma tiene un /ByteRange mal formado';
    const range = numbers.slice(1, 5).map(Number) as ByteRange;
    const [start, firstLength, gapEnd, secondLength] = range;
    const gapStart = start + firstLength;
    const revisionIndex = revisions.findIndex((revision) => revision.end === gapEnd + secondLength);
    if (start !== 0 || gapEnd <= gapStart || revisionIndex === -1) {
      return 'el rango firmado no cubre una revisión completa del documento';
    }
    const revision = revisions[revisionIndex]!;
    if (
      bytes[gapStart] !== 0x3c ||
      bytes[gapEnd - 1] !== 0x3e ||
      !HEX.test(text.slice(gapStart + 1, gapEnd - 1))
    ) {
      problems.push('el espacio de la firma contiene algo más que la firma');
    }
    if (!/\/Contents\s*$/.test(text.slice(Math.max(0, gapStart - 32), gapStart))) {
      problems.push('el espacio sin firmar no es el valor /Contents');
    }
    const headers = [...text.slice(0, match.index).matchAll(/(?:^|[\r\n])(\d+)[ \t]+(\d+)[ \t]+obj\b/g)];
    const header = headers[headers.length - 1];
    if (!header) return 'la firma no está dentro de un objeto';
    const objectStart = header.index + (header[0].length - header[0].trimStart().length);
    const objectNumber = Number(header[1]);
    if (objectStart >= revision.end) {
      problems.push('el diccionario de la firma no está dentro de los bytes firmados');
      found.push({ range, objectNumber, objectStart, revisionIndex, problems });
      continue;
    }
    try {
      const parsed = parseObjectAt(bytes, objectStart, revision.end, context);
      const dictionary = parsed.object;
      if (!(dictionary instanceof PDFDict)) return 'la firma no es un diccionario';
      if (
        parsed.end < match.index ||
        parsed.end > gapEnd + secondLength ||
        gapStart < objectStart ||
        gapEnd > parsed.end
      ) {
        problems.push('el diccionario de la firma no está dentro de los bytes firmados');
      }
      const byteRange = dictionary.get(PDFName.of('ByteRange'));
      const declared =
        byteRange instanceof PDFArray
          ? byteRange.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : -1))
          : [];
      if (declared.join(' ') !== range.join(' '))
        problems.push('el diccionario de la firma declara otro /ByteRange');
      if (!(dictionary.get(PDFName.of('Contents')) instanceof PDFHexString))
        problems.push('/Contents no es hexadecimal');
      if (dictionary.get(PDFName.of('SubFilter'))?.toString() !== '/ETSI.CAdES.detached') {
        problems.push('la firma no es PAdES (SubFilter ETSI.CAdES.detached)');
      }
    } catch {
      return 'el diccionario de la firma es ilegible';
    }
    // The dictionary must be the one the cross-reference of its revision points to.
    let declaredAt: number | undefined;
    for (const earlier of revisions.slice(0, revisionIndex + 1)) {
      const entry = earlier.offsets.get(objectNumber);
      if (entry) declaredAt = entry.offset;
    }
    if (declaredAt !== objectStart) problems.push('el diccionario de la firma no es el que usa el documento');
    found.push({ range, objectNumber, objectStart, revisionIndex, problems });
  }
  return found;
}

async function loadRevision(bytes: Uint8Array, end: number): Promise<(ref: PDFRef) => PDFObject | undefined> {
  const document = await PDFDocument.load(bytes.subarray(0, end), {
    updateMetadata: false,
    ignoreEncryption: true,
  });
  return (ref: PDFRef): PDFObject | undefined => document.context.lookup(ref);
}

/**
 * Validates a sealed PDF, stricter than pdfsig: byte structure of every signature, the PAdES
 * profile, the timestamp itself, trust pinned to the given roots, and the revisions that follow
 * each signature (only DSS data may follow the last one; annotations make it "modified").
 */
export async function validateSealedPdf(bytes: Uint8Array, trust: ValidationTrust): Promise<Verdict> {
  let structure: ReturnType<typeof readRevisions>;
  try {
    structure = readRevisions(bytes);
  } catch (error) {
    if (error instanceof PdfStructureError)
      return verdict(latin1(bytes).includes('/ByteRange') ? 'altered' : 'unsigned', [error.message]);
    throw error;
  }
  const { revisions, trailingBytes } = structure;
  const located = locateSignatures(bytes, revisions);
  if (typeof located === 'string') return verdict('altered', [located]);
  if (located.length === 0) return verdict(trailingBytes > 0 ? 'altered' : 'unsigned', []);
  const problems: string[] = [];
  if (trailingBytes > 0) problems.push('hay datos después del final del documento (%%EOF)');
  const signatures: SignatureVerdict[] = [];
  const last = revisions.length - 1;
  for (const signature of located) {
    const gap = latin1(bytes, signature.range[1] + 1, signature.range[2] - 1);
    const contents = new Uint8Array(Buffer.from(gap.length % 2 === 0 ? gap : `${gap}0`, 'hex'));
    const split = splitDer(contents);
    const sigProblems = [...signature.problems];
    let facts: Awaited<ReturnType<typeof checkCms>> = { problems: [] };
    if (!split) sigProblems.push('la firma no es un CMS legible');
    else {
      if (!split.cleanPadding) sigProblems.push('el relleno de /Contents tras la firma no son ceros');
      facts = await checkCms(split.der, bytes, signature.range, trust);
    }
    const all = [...sigProblems, ...facts.problems];
    signatures.push({
      signer: facts.signer,
      organization: facts.organization,
      signedAt: facts.timestamp?.time,
      timestamp: facts.timestamp,
      coversWholeDocument: signature.revisionIndex === last && trailingBytes === 0,
      valid: all.length === 0,
      problems: all,
    });
    problems.push(...all);
  }
  const covered = located.map((signature) => signature.revisionIndex);
  if (new Set(covered).size !== covered.length) problems.push('dos firmas dicen cubrir la misma revisión');
  const firstSigned = Math.min(...covered);
  const lastSigned = Math.max(...covered);
  let modified = false;
  for (let index = firstSigned + 1; index <= last; index++) {
    let changes: { kinds: Set<ChangeKind>; problems: string[] };
    try {
      changes = classifyRevision(
        bytes,
        revisions,
        index,
        await loadRevision(bytes, revisions[index - 1]!.end),
      );
    } catch {
      changes = { kinds: new Set(), problems: ['una actualización posterior a la firma es ilegible'] };
    }
    problems.push(...changes.problems);
    const afterLast = index > lastSigned;
    if (changes.kinds.has('annotation') || changes.kinds.has('metadata')) modified = true;
    if (afterLast && changes.kinds.has('signature')) modified = true;
  }
  if (problems.length > 0) return verdict('altered', [...new Set(problems)], signatures);
  return verdict(modified ? 'modified' : 'intact', [], signatures);
}
