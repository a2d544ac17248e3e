import yauzl from 'yauzl';
import { HttpProblem } from '../errors.js';
import { formatMegabytes, type ZipLimits } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { UTF8_NAME_FLAG, writeZip } from './zip-format.js';

const refuse = (message: string) => new HttpProblem(422, message);

/** Archives inside the archive: the next level of a nested zip bomb, never opened. */
const NESTED_ARCHIVE =
  /\.(zip|jar|7z|rar|gz|tgz|bz2|xz|tar|cab|docx|docm|xlsx|xlsm|xlsb|pptx|pptm|odt|ods)$/i;
/** Info-ZIP's Unicode path extra field: some extractors prefer it to the plain name. */
const UNICODE_PATH_FIELD = 0x7075;
const LOCAL_HEADER_FIXED_BYTES = 30;

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return new Promise((resolve, reject) => {
    // Names are decoded and checked here, so that a hostile name gets our message, not the library's.
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(refuse(FILE_MESSAGES.zipMalformed)) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, read without inflating anything. */
function readCentralDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(refuse(FILE_MESSAGES.zipMalformed)));
    zip.readEntry();
  });
}

function entryNames(entry: yauzl.Entry): string[] {
  const raw = entry.fileName as unknown as Buffer;
  const names = [raw.toString(entry.generalPurposeBitFlag & UTF8_NAME_FLAG ? 'utf8' : 'latin1')];
  for (const field of entry.extraFields) {
    // version (1 byte), CRC-32 of the plain name (4 bytes), then the UTF-8 name.
    if (field.id === UNICODE_PATH_FIELD && field.data.length > 5)
      names.push(field.data.subarray(5).toString('utf8'));
  }
  return names;
}

/** Absolute, drive-letter, backslash, `..` or control-character names could escape a folder. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name.length === 0 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[a-z]:/i.test(name) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f]/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  );
}

export type SafeZip = {
  /** Entry names (folders included, as `name/`). */
  readonly names: ReadonlySet<string>;
  /** Inflates one entry (never more than its declared size, itself within the limits). */
  read(name: string): Promise<Buffer>;
  readText(name: string): Promise<string>;
  /**
   * A fresh ZIP holding exactly the checked entries (folders left out), for other ZIP readers,
   * then `after` (entries of the caller's own making).
   */
  repack(after?: ReadonlyArray<{ name: string; data: Buffer }>): Promise<Buffer>;
  close(): void;
};

function checkEntries(entries: yauzl.Entry[], limits: ZipLimits): Map<string, yauzl.Entry> {
  const byName = new Map<string, yauzl.Entry>();
  let totalBytes = 0;
  for (const entry of entries) {
    const [name = '', ...alternatives] = entryNames(entry);
    if ([name, ...alternatives].some(isUnsafeEntryName)) throw refuse(FILE_MESSAGES.zipUnsafeName);
    if (byName.has(name)) throw refuse(FILE_MESSAGES.zipDuplicateName);
    if (entry.generalPurposeBitFlag & 1) throw refuse(FILE_MESSAGES.zipEncrypted);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw refuse(FILE_MESSAGES.zipMalformed);
    if (NESTED_ARCHIVE.test(name)) throw refuse(FILE_MESSAGES.zipNested);
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw refuse(FILE_MESSAGES.zipTooLarge(formatMegabytes(limits.maxEntryBytes)));
    }
    totalBytes += entry.uncompressedSize;
    if (totalBytes > limits.maxTotalBytes)
      throw refuse(FILE_MESSAGES.zipTooLarge(formatMegabytes(limits.maxTotalBytes)));
    if (
      entry.uncompressedSize >= limits.minRatioCheckedBytes &&
      entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio
    ) {
      throw refuse(FILE_MESSAGES.zipRatio);
    }
    byName.set(name, entry);
  }
  checkNoOverlap(entries);
  return byName;
}

/**
 * Entries whose data overlap are how a few kilobytes claim gigabytes without nesting: each entry
 * re-inflates the same compressed kernel. Every entry's local header plus data must end before
 * the next one starts (the local extra field's length is unknown here, so this is a lower bound).
 */
function checkNoOverlap(entries: yauzl.Entry[]): void {
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!;
    const end =
      previous.relativeOffsetOfLocalHeader +
      LOCAL_HEADER_FIXED_BYTES +
      previous.fileNameLength +
      previous.compressedSize;
    if (sorted[index]!.relativeOffsetOfLocalHeader < end) throw refuse(FILE_MESSAGES.zipOverlapping);
  }
}

function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(refuse(FILE_MESSAGES.zipMalformed));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // yauzl checks the declared size too; this guard does not depend on it.
        if (size > entry.uncompressedSize) {
          stream.destroy();
          reject(refuse(FILE_MESSAGES.zipMalformed));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(refuse(FILE_MESSAGES.zipMalformed)));
      stream.on('end', () => resolve(Buffer.concat(chunks, size)));
    });
  });
}

/**
 * Opens an uploaded ZIP container (DOCX, XLSX) under limits: entry count, declared sizes
 * (each and in total), compression ratio, overlapping entries, nested archives, encrypted
 * entries and path-traversal names are all refused (422) from the central directory alone,
 * before a single byte is inflated.
 */
export async function openSafeZip(bytes: Uint8Array, limits: ZipLimits): Promise<SafeZip> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse(FILE_MESSAGES.zipTooManyEntries(limits.maxEntries));
    const byName = checkEntries(await readCentralDirectory(zip), limits);
    const read = async (name: string) => {
      const entry = byName.get(name);
      if (!entry) throw refuse(FILE_MESSAGES.zipMalformed);
      return inflate(zip, entry);
    };
    return {
      names: new Set(byName.keys()),
      read,
      readText: async (name) => (await read(name)).toString('utf8'),
      repack: async (after = []) => {
        const files = [...byName.keys()].filter((name) => !name.endsWith('/'));
        const entries = [];
        for (const name of files) entries.push({ name, data: await read(name) });
        return writeZip([...entries, ...after]);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** The entry names of a ZIP's central directory, for sniffing; nothing is checked or inflated. */
export async function listZipEntryNames(bytes: Uint8Array): Promise<Set<string>> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > 100_000) return new Set();
    return new Set((await readCentralDirectory(zip)).map((entry) => entryNames(entry)[0] ?? ''));
  } finally {
    zip.close();
  }
}
