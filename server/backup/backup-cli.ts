/**
 * `npm run backup -- <carpeta>` and `npm run restore -- <carpeta>` (or `node dist/server/backup.js
 * backup|restore <carpeta>` after a build), with the configuration of the server (DATA_DIR,
 * DATABASE_URL, STORAGE_DRIVER and S3_*). On PGlite run them with the server stopped.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

const USAGE = 'Uso: npm run backup -- <carpeta nueva>  |  npm run restore -- <carpeta de la copia>';
const report = (line: string) => process.stdout.write(`${line}\n`);

try {
  const [verb, folder, ...rest] = process.argv.slice(2);
  if ((verb !== 'backup' && verb !== 'restore') || !folder || rest.length > 0) throw new Error(USAGE);
  const config = loadConfig();
  const directory = resolve(folder);
  if (verb === 'backup') {
    const manifest = await createBackup({ config, target: directory, report });
    report(
      `Copia hecha en ${directory}: base de datos (${manifest.database}), ${manifest.counts.files} archivos, ` +
        `${manifest.counts.dataDirFiles} archivos de secretos y certificados.`,
    );
    if (manifest.database === 'postgresql')
      report(
        'Los secretos de platform_secrets van cifrados en el volcado: para restaurarla hace falta la misma SECRETS_KEY.',
      );
    report('La copia contiene claves privadas: guárdela cifrada y con acceso restringido.');
  } else {
    const manifest = await restoreBackup({ config, source: directory, report });
    report(
      `Restaurada la copia del ${manifest.createdAt}: base de datos (${manifest.database}), ${manifest.counts.files} archivos.`,
    );
    if (manifest.database === 'postgresql')
      report('Arranque los servidores con la misma SECRETS_KEY que tenía la instalación copiada.');
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
