/**
 * `npm run storage:move-to-s3` (or `node dist/server/storage-move-to-s3.js` after a build): moves
 * the files of DATA_DIR/files to the S3 bucket of the configuration (S3_BUCKET and the other
 * S3_* variables). Run it with the app stopped, then start the app with STORAGE_DRIVER=s3.
 */
import { loadConfig } from '../config.js';
import { s3OptionsFromConfig } from './fromConfig.js';
import { moveFilesToS3 } from './moveToS3.js';
import { createS3Storage } from './s3.js';
import { localFilesRoot } from './storage.js';

try {
  const config = loadConfig();
  const options = s3OptionsFromConfig(config);
  const root = localFilesRoot(config.DATA_DIR);
  const storage = await createS3Storage(options);
  const destination = `${options.bucket}${options.prefix ? `/${options.prefix}` : ''}`;
  process.stdout.write(`Moviendo los archivos de ${root} al depósito S3 ${destination}…\n`);
  const summary = await moveFilesToS3({
    root,
    storage,
    report: (line) => process.stdout.write(`  ${line}\n`),
  });
  storage.close();
  process.stdout.write(
    `Movidos: ${summary.moved}. Omitidos: ${summary.skipped}. Con error: ${summary.failed}.\n` +
      (summary.failed > 0
        ? 'Los archivos con error siguen en el disco; vuelva a ejecutar el comando.\n'
        : ''),
  );
  if (summary.failed > 0) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
