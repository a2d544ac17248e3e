import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../../../server/storage/s3.js';

/** s3rver's built-in account: it checks the key id, not SigV4 signatures. */
export const LOOPBACK_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type LoopbackS3 = {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (to look at what really landed). */
  directory: string;
  /** Options for `createS3Storage` against this server. */
  options: S3StorageOptions;
  /** The same, as the environment `loadConfig` reads. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free loopback port, storing in a temporary folder,
 * with one bucket created; `stop` closes it and removes the folder.
 *
 * What s3rver 3.7.1 really does, seen on the wire: it answers an ETag that is the MD5 of what it
 * stored (of the whole object for a multipart upload too, without `-N`), does not check a
 * Content-MD5 it receives, returns no flexible checksums (ChecksumSHA256 is undefined), stores an
 * aws-chunked body with its framing, and refuses AbortMultipartUpload (405). The tests rely on
 * the ETag; a changed byte is made by tests/support/s3/tamperingProxy.ts.
 */
export async function startLoopbackS3(bucket = 'rubrica-test'): Promise<LoopbackS3> {
  const directory = mkdtempSync(join(tmpdir(), 'rubrica-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    options: {
      endpoint,
      region: 'us-east-1',
      bucket,
      forcePathStyle: true,
      credentials: LOOPBACK_CREDENTIALS,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: LOOPBACK_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOOPBACK_CREDENTIALS.secretAccessKey,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
