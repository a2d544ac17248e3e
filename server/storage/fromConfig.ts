import type { Config } from '../config.js';
import { createS3Storage, type S3StorageOptions } from './s3.js';
import { type FileStorage, localStorageFor } from './storage.js';

/** The S3 store's settings from the configuration; fails naming S3_BUCKET when it is unset. */
export function s3OptionsFromConfig(config: Config): S3StorageOptions {
  if (!config.S3_BUCKET) throw new Error('Falta S3_BUCKET: el depósito S3 donde guardar los archivos');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * The file store the configuration names: the disk under DATA_DIR/files by default, or S3.
 */
export async function storageFromConfig(config: Config): Promise<FileStorage> {
  if (config.STORAGE_DRIVER === 'local') return localStorageFor(config.DATA_DIR);
  return await createS3Storage(s3OptionsFromConfig(config));
}
