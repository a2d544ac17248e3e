import { PassThrough, type Readable } from 'node:stream';
import type { FileStorage } from './storage.js';

/** File names safe in a ZIP, an attachment and a Content-Disposition: no separators, no control characters. */
export const safeFileName = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120) || 'documento';

/**
 * A ZIP of stored files, written while the client reads it, one file at a time: the next is
 * opened only when archiver asks for it. A missing file ends the stream with an error.
 */
export function zipStoredFiles(
  storage: FileStorage,
  entries: readonly { name: string; key: string }[],
  missing: (name: string) => string,
): Readable {
  const output = new PassThrough();
  void (async () => {
    try {
      // Loaded with the first ZIP, not with the server.
      const { default: archiver } = await import('archiver');
      const archive = archiver('zip', { zlib: { level: 6 } });
      archive.on('error', (error) => output.destroy(error));
      archive.pipe(output);
      for (const entry of entries) {
        const stream = await storage.get(entry.key);
        if (!stream) throw new Error(missing(entry.name));
        archive.append(stream as Readable, { name: entry.name });
        await new Promise<void>((resolve, reject) => {
          archive.once('entry', () => resolve());
          archive.once('error', reject);
        });
      }
      await archive.finalize();
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return output;
}
