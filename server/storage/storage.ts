import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (logos, banners, prepared downloads), named by key.
 * The embedded default keeps them on disk under `DATA_DIR/files`; `STORAGE_DRIVER=s3` puts them
 * in a bucket (s3.ts) behind the same three calls. Services never see paths, only keys.
 */
export type FileStorage = {
  /** Writes (or replaces) the file under `key`; resolves once it is durable. */
  put(key: string, body: Buffer | Uint8Array | Readable): Promise<{ size: number }>;
  /** The file's bytes as a stream, or null when no file has that key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
};

/** Keys are relative, `/`-separated, of letters, digits, `.`, `_` and `-`; no `..`, no absolute paths. */
const KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 500 || !KEY.test(key)) throw new Error(`Clave de almacenamiento inválida: ${key}`);
}

/** Local disk storage rooted at `root` (usually `DATA_DIR/files`). Writes go to a temp file, then rename. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const path = resolve(base, ...key.split('/'));
    // The key pattern already forbids it; this keeps a future change to it from escaping the root.
    if (!path.startsWith(base + sep)) throw new Error(`Clave de almacenamiento inválida: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      // Counted as written rather than read back with a stat: one file operation less per file.
      let size = 0;
      try {
        const handle = await open(temporary, 'w');
        try {
          if (body instanceof Readable) {
            for await (const chunk of body) {
              const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
              await handle.writeFile(bytes);
              size += bytes.byteLength;
            }
          } else {
            await handle.writeFile(body);
            size = body.byteLength;
          }
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size };
    },
    async get(key) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The folder of the embedded default's files. */
export const localFilesRoot = (dataDir: string) => join(dataDir, 'files');

/** Storage of the embedded default: `DATA_DIR/files`. */
export const localStorageFor = (dataDir: string) => createLocalStorage(localFilesRoot(dataDir));

/** Reads a whole (small) file into memory — logos, previews; large files should be streamed. */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
