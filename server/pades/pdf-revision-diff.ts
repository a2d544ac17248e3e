import { PDFArray, PDFContext, PDFDict, PDFName, type PDFObject, PDFRef } from 'pdf-lib';
import { latin1, parseObjectAt, type Revision } from './pdf-structure.js';

/** What an incremental update did, in the terms the validator judges it by. */
export type ChangeKind = 'dss' | 'annotation' | 'signature' | 'metadata';

export type RevisionChanges = { kinds: Set<ChangeKind>; problems: string[] };

type Lookup = (ref: PDFRef) => PDFObject | undefined;

const name = (key: string) => PDFName.of(key);

function same(a: PDFObject | undefined, b: PDFObject | undefined): boolean {
  return (a?.toString() ?? '') === (b?.toString() ?? '');
}

function keysThatDiffer(before: PDFDict, after: PDFDict): string[] {
  const keys = new Set([...before.keys(), ...after.keys()].map((key) => key.decodeText()));
  return [...keys].filter((key) => !same(before.get(name(key)), after.get(name(key))));
}

/** `after` keeps every entry of `before`, in order, and only appends; returns what was appended. */
function appendedRefs(before: PDFObject | undefined, after: PDFObject | undefined): PDFRef[] | null {
  const old = before instanceof PDFArray ? before.asArray() : [];
  if (!(after instanceof PDFArray)) return old.length === 0 ? [] : null;
  const next = after.asArray();
  if (next.length < old.length) return null;
  for (let i = 0; i < old.length; i++) if (!same(old[i], next[i])) return null;
  const added = next.slice(old.length);
  return added.every((item) => item instanceof PDFRef) ? (added as PDFRef[]) : null;
}

function collectRefs(value: PDFObject | undefined, into: PDFRef[]): void {
  if (value instanceof PDFRef) into.push(value);
  else if (value instanceof PDFArray) for (const item of value.asArray()) collectRefs(item, into);
  else if (value instanceof PDFDict) for (const [, item] of value.entries()) collectRefs(item, into);
  else if (value && 'dict' in value && value.dict instanceof PDFDict) collectRefs(value.dict, into);
}

/**
 * Compares revision `index` with everything before it, object by object, following the
 * cross-reference as a reader would. Only additions of annotations, signatures (field, widget,
 * AcroForm entry, signature dictionary), DSS validation data and document information are
 * recognised; any other change is a problem.
 */
export function classifyRevision(
  bytes: Uint8Array,
  revisions: Revision[],
  index: number,
  lookupBefore: Lookup,
): RevisionChanges {
  const revision = revisions[index]!;
  const previous = revisions[index - 1]!;
  const kinds = new Set<ChangeKind>();
  const problems: string[] = [];
  const context = PDFContext.create();
  const known = new Set<number>();
  for (const earlier of revisions.slice(0, index)) {
    for (const number of earlier.offsets.keys()) known.add(number);
    for (const number of earlier.compressed) known.add(number);
  }
  if (revision.compressed.size > 0) problems.push('una actualización posterior usa objetos comprimidos');
  for (const number of revision.freed)
    if (known.has(number)) problems.push(`una actualización elimina el objeto ${number}`);
  const updated = new Map<number, PDFObject>();
  const declaredOffsets = new Set<number>([revision.xrefOffset]);
  for (const [number, entry] of revision.offsets) {
    if (entry.offset < revision.start || entry.offset >= revision.end) {
      problems.push(`una actualización redirige el objeto ${number} a otros bytes`);
      continue;
    }
    declaredOffsets.add(entry.offset);
    try {
      const parsed = parseObjectAt(bytes, entry.offset, revision.end, context);
      if (parsed.objectNumber !== number || parsed.generation !== entry.generation) {
        problems.push(`la referencia cruzada del objeto ${number} no apunta a ese objeto`);
        continue;
      }
      updated.set(number, parsed.object);
    } catch {
      problems.push(`el objeto ${number} de una actualización es ilegible`);
    }
  }
  // Objects written in the update but left out of its cross-reference are invisible to readers
  // and visible to naive parsers: a classic hiding place.
  const text = latin1(bytes, revision.start, revision.end);
  for (const match of text.matchAll(/(?:^|[\r\n])(\d+)[ \t]+(\d+)[ \t]+obj\b/g)) {
    const at = revision.start + match.index + (match[0].length - match[0].trimStart().length);
    if (!declaredOffsets.has(at))
      problems.push(`una actualización contiene el objeto ${match[1]} fuera de su referencia cruzada`);
  }
  const trailerBefore = previous.trailer;
  const trailerAfter = revision.trailer;
  const root = trailerBefore.get(name('Root'));
  if (!same(root, trailerAfter.get(name('Root')))) problems.push('una actualización cambia el catálogo raíz');
  if (trailerAfter.has(name('Encrypt'))) problems.push('una actualización agrega cifrado');
  const infoRef = trailerAfter.get(name('Info'));
  if (!same(trailerBefore.get(name('Info')), infoRef)) kinds.add('metadata');

  const explained = new Set<number>();
  const explain = (start: PDFRef, kind: ChangeKind) => {
    const queue = [start];
    while (queue.length > 0) {
      const ref = queue.pop()!;
      if (explained.has(ref.objectNumber) || !updated.has(ref.objectNumber) || known.has(ref.objectNumber))
        continue;
      explained.add(ref.objectNumber);
      kinds.add(kind);
      collectRefs(updated.get(ref.objectNumber), queue);
    }
  };
  const addAnnotation = (ref: PDFRef) => {
    if (known.has(ref.objectNumber)) {
      problems.push(`una actualización mueve la anotación existente ${ref.objectNumber}`);
      return;
    }
    const annotation = updated.get(ref.objectNumber);
    if (!(annotation instanceof PDFDict)) {
      problems.push('una actualización agrega a una página algo que no es una anotación');
      return;
    }
    const subtype = annotation.get(name('Subtype'))?.toString();
    if (subtype === '/Widget') {
      const value = annotation.get(name('V'));
      if (annotation.get(name('FT'))?.toString() !== '/Sig') {
        problems.push('una actualización agrega campos de formulario');
        return;
      }
      explained.add(ref.objectNumber);
      kinds.add('signature');
      if (value instanceof PDFRef) explain(value, 'signature');
      const appearance = annotation.get(name('AP'));
      const more: PDFRef[] = [];
      collectRefs(appearance, more);
      for (const item of more) explain(item, 'signature');
      return;
    }
    explain(ref, 'annotation');
  };

  for (const [number, after] of updated) {
    if (!known.has(number)) continue;
    const ref = PDFRef.of(number, 0);
    const before = lookupBefore(ref);
    if (same(before, after)) continue;
    if (!(before instanceof PDFDict) || !(after instanceof PDFDict)) {
      problems.push(`una actualización modifica el objeto ${number}`);
      continue;
    }
    explained.add(number);
    const type = after.get(name('Type'))?.toString();
    const differing = keysThatDiffer(before, after);
    if (root instanceof PDFRef && number === root.objectNumber) {
      for (const key of differing) {
        const value = after.get(name(key));
        if (key === 'DSS' && value instanceof PDFRef) explain(value, 'dss');
        else if (key === 'AcroForm' && value instanceof PDFRef && !known.has(value.objectNumber)) {
          const form = updated.get(value.objectNumber);
          const oldForm = before.get(name('AcroForm'));
          const oldFields = oldForm instanceof PDFDict ? oldForm.get(name('Fields')) : undefined;
          if (!(form instanceof PDFDict) || appendedRefs(oldFields, form.get(name('Fields'))) === null) {
            problems.push('una actualización vacía o reemplaza los campos del formulario');
          } else {
            explained.add(value.objectNumber);
            kinds.add('signature');
          }
        } else problems.push(`una actualización cambia /${key} del catálogo`);
      }
    } else if (type === '/Page') {
      for (const key of differing) {
        const added = key === 'Annots' ? appendedRefs(before.get(name(key)), after.get(name(key))) : null;
        if (added === null) problems.push(`una actualización cambia /${key} de una página`);
        else for (const item of added) addAnnotation(item);
      }
    } else if (before.has(name('Fields')) || before.has(name('SigFlags'))) {
      for (const key of differing) {
        if (key === 'SigFlags') continue;
        const added = key === 'Fields' ? appendedRefs(before.get(name(key)), after.get(name(key))) : null;
        if (added === null) problems.push('una actualización vacía o reemplaza los campos del formulario');
        else kinds.add('signature');
      }
    } else if (type === '/DSS') {
      kinds.add('dss');
    } else if (infoRef instanceof PDFRef && number === infoRef.objectNumber) {
      kinds.add('metadata');
    } else {
      problems.push(`una actualización modifica el objeto existente ${number}`);
    }
  }
  if (infoRef instanceof PDFRef) explain(infoRef, 'metadata');
  for (const number of updated.keys()) {
    if (known.has(number) || explained.has(number)) continue;
    const object = updated.get(number);
    if (
      object &&
      'dict' in object &&
      object.dict instanceof PDFDict &&
      object.dict.get(name('Type'))?.toString() === '/XRef'
    ) {
      continue;
    }
    problems.push(`una actualización agrega el objeto ${number}, que no es una anotación ni una firma`);
  }
  return { kinds, problems };
}
