import { crc32, deflateRawSync } from 'node:zlib';

/** The fields of one entry as the ZIP headers record them (APPNOTE 4.3.7 and 4.3.12). */
export type ZipEntryFields = {
  name: string;
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the local header starts (central directory only). */
  offset: number;
  extra?: Buffer;
};

/** General purpose flag bit 11: the name is UTF-8. */
export const UTF8_NAME_FLAG = 0x800;
// 1 January 1980, the earliest date ZIP can record: the output does not depend on the clock.
const DOS_TIME = 0;
const DOS_DATE = 0x21;

const u16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
};
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
};

export function localFileHeader(fields: ZipEntryFields): Buffer {
  const name = Buffer.from(fields.name, 'utf8');
  return Buffer.concat([
    u32(0x04034b50),
    u16(20),
    u16(fields.flags),
    u16(fields.method),
    u16(DOS_TIME),
    u16(DOS_DATE),
    u32(fields.crc),
    u32(fields.compressedSize),
    u32(fields.uncompressedSize),
    u16(name.length),
    u16(0),
    name,
  ]);
}

export function centralDirectoryRecord(fields: ZipEntryFields): Buffer {
  const name = Buffer.from(fields.name, 'utf8');
  const extra = fields.extra ?? Buffer.alloc(0);
  return Buffer.concat([
    u32(0x02014b50),
    u16(20),
    u16(20),
    u16(fields.flags),
    u16(fields.method),
    u16(DOS_TIME),
    u16(DOS_DATE),
    u32(fields.crc),
    u32(fields.compressedSize),
    u32(fields.uncompressedSize),
    u16(name.length),
    u16(extra.length),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(fields.offset),
    name,
    extra,
  ]);
}

export function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  return Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(count),
    u16(count),
    u32(size),
    u32(offset),
    u16(0),
  ]);
}

export const u16le = u16;
export const u32le = u32;

/**
 * A fresh, plain ZIP of the given entries (deflated, UTF-8 names, no extra fields). Used to hand
 * other libraries only what was checked, so that no two ZIP readers can disagree on the content.
 */
export function writeZip(entries: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const compressed = deflateRawSync(data);
    const fields: ZipEntryFields = {
      name,
      flags: UTF8_NAME_FLAG,
      method: 8,
      crc: crc32(data),
      compressedSize: compressed.length,
      uncompressedSize: data.length,
      offset,
    };
    const header = localFileHeader(fields);
    parts.push(header, compressed);
    records.push(centralDirectoryRecord(fields));
    offset += header.length + compressed.length;
  }
  const central = Buffer.concat(records);
  return Buffer.concat([...parts, central, endOfCentralDirectory(records.length, central.length, offset)]);
}
