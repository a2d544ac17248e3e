import { buildPgliteImage } from './buildPgliteImage.js';

buildPgliteImage().catch((error: unknown) => {
  console.error(
    'No se pudo preparar la base de datos inicial:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
