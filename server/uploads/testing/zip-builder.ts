import { crc32, deflateRawSync } from 'node:zlib';
import {
  centralDirectoryRecord,
  endOfCentralDirectory,
  localFileHeader,
  UTF8_NAME_FLAG,
  u16le,
  u32le,
  type ZipEntryFields,
} from '../zip-format.js';

/**
 * Writes ZIP files for tests, including the hostile ones no archiver would make: sizes that lie,
 * entries that share their data, names that climb out of the folder.
 */
export type ZipEntrySpec = {
  name: string;
  data: Buffer;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
  /** Uncompressed size written in the headers instead of the real one. */
  declaredSize?: number;
  /** Extra field of the central directory record. */
  centralExtra?: Buffer;
  flags?: number;
};

const compress = (spec: ZipEntrySpec) => ((spec.method ?? 8) === 8 ? deflateRawSync(spec.data) : spec.data);

const fieldsOf = (spec: ZipEntrySpec, compressed: Buffer, offset: number): ZipEntryFields => ({
  name: spec.name,
  flags: spec.flags ?? UTF8_NAME_FLAG,
  method: spec.method ?? 8,
  crc: crc32(spec.data),
  compressedSize: compressed.length,
  uncompressedSize: spec.declaredSize ?? spec.data.length,
  offset,
  extra: spec.centralExtra,
});

export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const parts: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const compressed = compress(spec);
    const fields = fieldsOf(spec, compressed, offset);
    const header = localFileHeader(fields);
    records.push(centralDirectoryRecord(fields));
    parts.push(header, compressed);
    offset += header.length + compressed.length;
  }
  const central = Buffer.concat(records);
  return Buffer.concat([...parts, central, endOfCentralDirectory(records.length, central.length, offset)]);
}

/**
 * A non-recursive zip bomb: one deflated kernel, and `copies` central-directory entries that all
 * point at it, so the file stays a few kilobytes while its entries add up to `copies × kernel`.
 */
export function buildOverlappingZipBomb(options: {
  kernel: Buffer;
  copies: number;
  firstName: string;
}): Buffer {
  const kernel: ZipEntrySpec = { name: options.firstName, data: options.kernel };
  const compressed = compress(kernel);
  const fields = fieldsOf(kernel, compressed, 0);
  const header = localFileHeader(fields);
  const records = Array.from({ length: options.copies }, (_, index) =>
    centralDirectoryRecord({
      ...fields,
      name: index === 0 ? options.firstName : `word/media/part${index}.xml`,
    }),
  );
  const central = Buffer.concat(records);
  const dataEnd = header.length + compressed.length;
  return Buffer.concat([
    header,
    compressed,
    central,
    endOfCentralDirectory(options.copies, central.length, dataEnd),
  ]);
}

/** Info-ZIP Unicode path extra field (0x7075) carrying `name`. */
export function unicodePathExtra(plainName: string, name: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([1]),
    u32le(crc32(Buffer.from(plainName))),
    Buffer.from(name, 'utf8'),
  ]);
  return Buffer.concat([u16le(0x7075), u16le(body.length), body]);
}
