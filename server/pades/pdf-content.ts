/**
 * A page's content stream read as operations (PDF 32000-1 §7.8.2): each operator with its
 * numeric operands and the byte range it spans, so that a caller can cut operations out of the
 * stream and leave every other byte as it was. Strings, names, arrays and dictionaries are
 * skipped as operands; inline images (`BI … ID … EI`) are one operation.
 */

export type ContentOperation = {
  operator: string;
  /** The numeric operands, in order (other operands are not kept). */
  numbers: number[];
  /** Offset of the operation's first operand (or of the operator when it has none). */
  start: number;
  /** Offset just past the operator. */
  end: number;
};

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (byte: number) => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export class ContentSyntaxError extends Error {}

/** Past the literal string that opens at `at` (balanced parentheses, backslash escapes). */
function skipLiteralString(bytes: Uint8Array, at: number): number {
  let depth = 0;
  for (let index = at; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte === 0x5c) index++;
    else if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) return index + 1;
  }
  throw new ContentSyntaxError('cadena sin cerrar');
}

/** Past the end of inline image data: `EI` between whitespace (or at the end). */
function skipInlineImage(bytes: Uint8Array, at: number): number {
  for (let index = at + 1; index + 1 < bytes.length; index++) {
    if (
      bytes[index] === 0x45 &&
      bytes[index + 1] === 0x49 &&
      WHITESPACE.has(bytes[index - 1]!) &&
      (index + 2 === bytes.length || WHITESPACE.has(bytes[index + 2]!))
    )
      return index + 2;
  }
  throw new ContentSyntaxError('imagen en línea sin cerrar');
}

/** Every operation of the stream, in order. Throws ContentSyntaxError on what it cannot read. */
export function contentOperations(bytes: Uint8Array): ContentOperation[] {
  const operations: ContentOperation[] = [];
  let numbers: number[] = [];
  let operandStart = -1;
  let index = 0;
  const operand = (start: number) => {
    if (operandStart < 0) operandStart = start;
  };
  while (index < bytes.length) {
    const byte = bytes[index]!;
    const start = index;
    if (WHITESPACE.has(byte)) {
      index++;
    } else if (byte === 0x25) {
      while (index < bytes.length && bytes[index] !== 0x0a && bytes[index] !== 0x0d) index++;
    } else if (byte === 0x28) {
      operand(start);
      index = skipLiteralString(bytes, index);
    } else if (byte === 0x3c && bytes[index + 1] === 0x3c) {
      operand(start);
      index += 2;
    } else if (byte === 0x3e && bytes[index + 1] === 0x3e) {
      index += 2;
    } else if (byte === 0x3c) {
      operand(start);
      const close = bytes.indexOf(0x3e, index);
      if (close < 0) throw new ContentSyntaxError('cadena hexadecimal sin cerrar');
      index = close + 1;
    } else if (byte === 0x5b || byte === 0x5d || byte === 0x7b || byte === 0x7d) {
      if (byte === 0x5b || byte === 0x7b) operand(start);
      index++;
    } else if (byte === 0x2f) {
      operand(start);
      index++;
      while (index < bytes.length && isRegular(bytes[index]!)) index++;
    } else if (byte === 0x29 || byte === 0x3e) {
      throw new ContentSyntaxError('delimitador inesperado');
    } else {
      while (index < bytes.length && isRegular(bytes[index]!)) index++;
      const token = Buffer.from(bytes.subarray(start, index)).toString('latin1');
      if (NUMBER.test(token)) {
        operand(start);
        numbers.push(Number(token));
      } else if (token === 'true' || token === 'false' || token === 'null') {
        operand(start);
      } else {
        if (token === 'ID') index = skipInlineImage(bytes, index);
        // `BI <dictionary> ID <data> EI` stays one operation: its keys are names, not operators.
        if (token !== 'BI') {
          operations.push({
            operator: token === 'ID' ? 'BI' : token,
            numbers,
            start: operandStart < 0 ? start : operandStart,
            end: index,
          });
          numbers = [];
          operandStart = -1;
        } else operand(start);
      }
    }
  }
  return operations;
}
