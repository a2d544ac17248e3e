/**
 * PostgreSQL constraint errors, read through Drizzle's wrapper (`cause`) on both drivers, so that a
 * race the service's own checks could not see still answers 409 instead of 500.
 */
function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (e.g. the same name twice in one company). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** A foreign key refused the change (e.g. deleting a row still referenced elsewhere). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
