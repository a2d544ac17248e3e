import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip archive written to a stream entry by entry, each entry deflated as its data arrives (native
 * zlib, sizes and CRC in a data descriptor after the data), so an archive of any size needs the
 * memory of one chunk. What an .xlsx needs and nothing more: no ZIP64 (an entry stays under
 * 4 GiB), no encryption, no comments.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Sizes and CRC follow the data (bit 3); names are UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATED = 8;
const VERSION = 20;
const FOUR_GIB = 0x1_0000_0000;

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/** MS-DOS time and date of a moment (two seconds' precision), as zip headers keep them. */
function dosDateTime(moment: Date): { time: number; date: number } {
  return {
    time: (moment.getHours() << 11) | (moment.getMinutes() << 5) | Math.floor(moment.getSeconds() / 2),
    date: ((moment.getFullYear() - 1980) << 9) | ((moment.getMonth() + 1) << 5) | moment.getDate(),
  };
}

export class ZipStream {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly output: Writable) {}

  /** Writes to the output, waiting while it has not taken what it was already given. */
  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.output.write(chunk)) {
      await Promise.race([once(this.output, 'drain'), once(this.output, 'close')]);
    }
    if (this.output.destroyed) throw new Error('La descarga se interrumpió');
  }

  /**
   * Adds an entry whose content `write` produces piece by piece: each piece is deflated and
   * written before the next is asked for.
   */
  async entry(name: string, write: (put: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATED, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(entry.name.length, 26);
    await this.write(Buffer.concat([header, entry.name]));

    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const flushCompressed = async () => {
      for (let chunk = compressed.shift(); chunk; chunk = compressed.shift()) {
        entry.compressed += chunk.length;
        await this.write(chunk);
      }
    };
    const ended = once(deflate, 'end');
    const deflateBytes = async (data: Buffer) => {
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      if (!deflate.write(data)) await once(deflate, 'drain');
      await flushCompressed();
    };
    // The text becomes bytes before anything is awaited, so that no awaiting frame keeps it: a
    // piece alive across the deflate's wait outlived young collections and piled up as old garbage.
    await write((text) => deflateBytes(Buffer.from(text, 'utf8')));
    deflate.end();
    await ended;
    await flushCompressed();
    if (entry.size >= FOUR_GIB || entry.compressed >= FOUR_GIB)
      throw new Error('El archivo es demasiado grande');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  /** The central directory and its end record: the archive is complete. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATED, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
