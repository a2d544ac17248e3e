import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json is), from source and from the bundled dist/server alike. */
export function projectRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error('No se encontró la raíz del proyecto (package.json)');
    directory = parent;
  }
  return directory;
}

export const migrationsFolder = () => join(projectRoot(), 'server', 'db', 'migrations');
export const webDistFolder = () => join(projectRoot(), 'dist', 'web');
