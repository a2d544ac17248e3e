import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Writes ZIP files byte by byte for tests, including the hostile ones no archiver would make:
 * sizes that lie, entries that share their data, names that climb out of the folder.
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

type Written = { spec: ZipEntrySpec; offset: number; crc: number; compressed: number };

function localHeader(spec: ZipEntrySpec, crc: number, compressed: Buffer): Buffer {
  const name = Buffer.from(spec.name, 'utf8');
  return Buffer.concat([
    u32(0x04034b50),
    u16(20),
    u16(spec.flags ?? 0x800),
    u16(spec.method ?? 8),
    u16(0),
    u16(0x21),
    u32(crc),
    u32(compressed.length),
    u32(spec.declaredSize ?? spec.data.length),
    u16(name.length),
    u16(0),
    name,
  ]);
}

function centralRecord({ spec, offset, crc, compressed }: Written): Buffer {
  const name = Buffer.from(spec.name, 'utf8');
  const extra = spec.centralExtra ?? Buffer.alloc(0);
  return Buffer.concat([
    u32(0x02014b50),
    u16(20),
    u16(20),
    u16(spec.flags ?? 0x800),
    u16(spec.method ?? 8),
    u16(0),
    u16(0x21),
    u32(crc),
    u32(compressed),
    u32(spec.declaredSize ?? spec.data.length),
    u16(name.length),
    u16(extra.length),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(offset),
    name,
    extra,
  ]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
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

const compress = (spec: ZipEntrySpec) => ((spec.method ?? 8) === 8 ? deflateRawSync(spec.data) : spec.data);

export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const parts: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const spec of entries) {
    const compressed = compress(spec);
    const crc = crc32(spec.data);
    const header = localHeader(spec, crc, compressed);
    written.push({ spec, offset, crc, compressed: compressed.length });
    parts.push(header, compressed);
    offset += header.length + compressed.length;
  }
  const central = Buffer.concat(written.map(centralRecord));
  return Buffer.concat([...parts, central, endOfCentralDirectory(written.length, central.length, offset)]);
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
  const kernelSpec: ZipEntrySpec = { name: options.firstName, data: options.kernel };
  const compressed = compress(kernelSpec);
  const crc = crc32(options.kernel);
  const header = localHeader(kernelSpec, crc, compressed);
  const records = Array.from({ length: options.copies }, (_, index) =>
    centralRecord({
      spec: { ...kernelSpec, name: index === 0 ? options.firstName : `word/media/part${index}.xml` },
      offset: 0,
      crc,
      compressed: compressed.length,
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
    u32(crc32(Buffer.from(plainName))),
    Buffer.from(name, 'utf8'),
  ]);
  return Buffer.concat([u16(0x7075), u16(body.length), body]);
}
