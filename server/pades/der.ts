/**
 * Just enough DER to assemble and split structures around parts that are already encoded
 * (certificates, timestamp tokens): asn1js would parse them into object trees only to write the
 * same bytes back, which costs milliseconds per seal.
 */

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/** One TLV: `tag` (a single identifier byte) around the concatenation of `parts`. */
export function derTlv(tag: number, parts: readonly Uint8Array[]): Uint8Array {
  const contentLength = parts.reduce((sum, part) => sum + part.length, 0);
  const header = [tag, ...lengthBytes(contentLength)];
  const out = new Uint8Array(header.length + contentLength);
  out.set(header, 0);
  let offset = header.length;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export type DerElement = { tag: number; start: number; contentStart: number; end: number };

/** The definite-length TLV at `offset` (single-byte tags only); throws on anything else. */
export function readDerElement(bytes: Uint8Array, offset: number, limit = bytes.length): DerElement {
  const tag = bytes[offset];
  const first = bytes[offset + 1];
  if (tag === undefined || first === undefined || (tag & 0x1f) === 0x1f || first === 0x80)
    throw new Error('DER inválido');
  let length = first;
  let contentStart = offset + 2;
  if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new Error('DER inválido');
    length = 0;
    for (let i = 0; i < count; i++) {
      const byte = bytes[contentStart + i];
      if (byte === undefined) throw new Error('DER inválido');
      length = length * 256 + byte;
    }
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new Error('DER inválido');
  return { tag, start: offset, contentStart, end };
}

/** The elements directly inside a constructed element. */
export function derChildren(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const child = readDerElement(bytes, offset, parent.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}
