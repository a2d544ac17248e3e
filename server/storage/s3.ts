import { createHash, type Hash } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { PutObjectCommandOutput } from '@aws-sdk/client-s3';
import { assertValidKey, type FileStorage } from './storage.js';

export type S3StorageOptions = {
  bucket: string;
  /** Default `us-east-1`; S3-compatible servers usually accept any. */
  region?: string;
  /** An S3-compatible server's URL (MinIO, Ceph, R2…); unset means AWS itself. */
  endpoint?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle?: boolean;
  /** Keys are stored under `prefix/` when set, to share a bucket. */
  prefix?: string;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Opening a connection; an unreachable store fails after this many ms per attempt. */
  connectTimeoutMs?: number;
  /** A connection silent for this long (sending or receiving) fails the attempt. */
  idleTimeoutMs?: number;
  /** Attempts per request, the first included (the SDK backs off between them). */
  maxAttempts?: number;
};

/** The S3 store: the three calls of every store, plus what the move command needs. */
export type S3Storage = FileStorage & {
  /** The stored object's size, or null when no object has that key. */
  size(key: string): Promise<number | null>;
  /** Every stored key (under the prefix, without it), page by page (backups copy the bucket). */
  list(): AsyncIterable<string>;
  /** Closes the client's connections (commands and tests end with it). */
  close(): void;
};

/** The store could not be reached at all (refused, unresolved, timed out), as opposed to a refusal. */
export class S3UnreachableError extends Error {
  override name = 'S3UnreachableError';
}

/** Parts of a streamed upload; S3's minimum. Memory per upload is about (queue + 1) parts. */
export const PART_SIZE = 5 * 1024 * 1024;
const PART_QUEUE = 2;

/**
 * Files in an S3 bucket, by key. Every request that carries bytes also carries their Content-MD5,
 * so the server refuses bytes that changed on the way (AWS, MinIO and Ceph check it); and the
 * ETag the server answers, the MD5 of what it stored, is compared with the MD5 of what was read,
 * for the servers that do not check (s3rver). A mismatch deletes the object and fails the put.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<S3Storage> {
  // Imported here, not above: the embedded default never loads the SDK (about 28 MB), and the
  // server bundle keeps a dynamic import of an external package as it is.
  const [
    { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client },
    { Upload },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const bucket = options.bucket;
  const prefix = options.prefix?.replace(/^\/+|\/+$/g, '') || undefined;
  if (prefix) assertValidKey(prefix);
  const where = options.endpoint
    ? new URL(options.endpoint).origin
    : `AWS S3 (${options.region ?? 'us-east-1'})`;
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    maxAttempts: options.maxAttempts ?? 3,
    // Checksums are our Content-MD5 (below); the SDK's own CRC32 would send streamed bodies
    // aws-chunked, which some S3-compatible servers store as they arrive, framing included.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? 5_000,
      // Idle time, not total time: a large part on a slow link may take minutes, a stall may not.
      socketTimeout: options.idleTimeoutMs ?? 30_000,
    },
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (request.headers && request.body instanceof Uint8Array && !request.headers['content-md5'])
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      return next(args);
    },
    { step: 'build', name: 'rubricaContentMd5' },
  );

  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };
  const failure = (action: string, key: string, error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = error instanceof Error ? error.name : 'Error';
    if (status === undefined) {
      const reason = (error as { code?: string }).code ?? name;
      return new S3UnreachableError(
        `No se pudo ${action} «${key}»: el almacenamiento S3 en ${where} no responde (${reason})`,
        { cause: error },
      );
    }
    return new Error(
      `El almacenamiento S3 en ${where} no permitió ${action} «${key}»: ${name} (HTTP ${status})`,
      {
        cause: error,
      },
    );
  };
  const isMissing = (error: unknown) =>
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  const storage: S3Storage = {
    async put(key, body) {
      const Key = objectKey(key);
      const digest = new UploadDigest(PART_SIZE);
      const source =
        body instanceof Readable
          ? pipeline(body, digest, () => {})
          : digest.end(
              Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
            );
      let stored: PutObjectCommandOutput;
      try {
        const upload = new Upload({
          client,
          params: { Bucket: bucket, Key, Body: source },
          partSize: PART_SIZE,
          queueSize: PART_QUEUE,
        });
        stored = await upload.done();
      } catch (error) {
        // A failing body (a client gone mid-upload) fails the put with its own error.
        const bodyError = body instanceof Readable ? (body.errored ?? digest.errored) : null;
        if (bodyError) throw bodyError;
        source.destroy();
        throw failure('guardar', key, error);
      }
      const problem = digest.mismatch(stored);
      if (problem) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).catch(() => {});
        throw new Error(
          `El almacenamiento S3 en ${where} guardó «${key}» con otro contenido (${problem}); se borró, vuelva a intentarlo`,
        );
      }
      return { size: digest.byteCount };
    },
    async get(key) {
      const Key = objectKey(key);
      let found: { Body?: unknown };
      try {
        found = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure('leer', key, error);
      }
      if (!(found.Body instanceof Readable))
        throw new Error(`El almacenamiento S3 en ${where} respondió sin contenido para «${key}»`);
      return found.Body;
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if (!isMissing(error)) throw failure('borrar', key, error);
      }
    },
    async size(key) {
      const Key = objectKey(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key }))).ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure('consultar', key, error);
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        let page: { Contents?: { Key?: string }[]; NextContinuationToken?: string; IsTruncated?: boolean };
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: prefix ? `${prefix}/` : undefined,
              ContinuationToken,
            }),
          );
        } catch (error) {
          throw failure('listar', prefix ?? bucket, error);
        }
        for (const object of page.Contents ?? [])
          if (object.Key) yield prefix ? object.Key.slice(prefix.length + 1) : object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close: () => client.destroy(),
  };
  return storage;
}

/**
 * Passes the bytes through, counting them and hashing them twice: the whole (the ETag of a
 * single-part object, and of a multipart one on s3rver) and part by part at the upload's part
 * boundaries (AWS and MinIO give a multipart object the MD5 of its parts' MD5s, then `-N`).
 * Exported for its test, which checks those boundaries against the parts really sent.
 */
export class UploadDigest extends Transform {
  byteCount = 0;
  private readonly whole = createHash('md5');
  private readonly partDigests: Buffer[] = [];
  private part: Hash = createHash('md5');
  private partFilled = 0;
  private finished?: { whole: string; multipart: string };

  constructor(private readonly partSize: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    this.byteCount += bytes.byteLength;
    this.whole.update(bytes);
    let offset = 0;
    while (offset < bytes.byteLength) {
      const take = Math.min(this.partSize - this.partFilled, bytes.byteLength - offset);
      this.part.update(bytes.subarray(offset, offset + take));
      this.partFilled += take;
      offset += take;
      if (this.partFilled === this.partSize) this.closePart();
    }
    callback(null, bytes);
  }

  private closePart() {
    this.partDigests.push(this.part.digest());
    this.part = createHash('md5');
    this.partFilled = 0;
  }

  /** Both forms, once the last byte has passed. */
  private digests() {
    if (!this.finished) {
      if (this.partFilled > 0) this.closePart();
      const parts = createHash('md5').update(Buffer.concat(this.partDigests)).digest('hex');
      this.finished = { whole: this.whole.digest('hex'), multipart: `${parts}-${this.partDigests.length}` };
    }
    return this.finished;
  }

  /** Why the stored object's ETag does not match what was sent, or null when it does. */
  mismatch(stored: { ETag?: string; ServerSideEncryption?: string; SSECustomerAlgorithm?: string }) {
    // Under KMS or customer keys the ETag is not an MD5; the server checked the Content-MD5.
    if (stored.ServerSideEncryption?.startsWith('aws:kms') || stored.SSECustomerAlgorithm) return null;
    const etag = stored.ETag?.replaceAll('"', '').toLowerCase();
    if (!etag) return 'sin ETag';
    const { whole, multipart } = this.digests();
    if (!/^[0-9a-f]{32}-\d+$/.test(etag)) return etag === whole ? null : `ETag ${etag}, MD5 enviado ${whole}`;
    return etag === multipart ? null : `ETag ${etag}, esperado ${multipart}`;
  }
}
