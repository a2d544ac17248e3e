import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type PageInput = { page: number; itemsPerPage: number };

/** LIMIT/OFFSET of a 1-based page. */
export const pageWindow = ({ page, itemsPerPage }: PageInput) => ({
  limit: itemsPerPage,
  offset: (page - 1) * itemsPerPage,
});

/**
 * ORDER BY for a whitelisted sort key, with the id as tie-breaker so that pages never overlap.
 * `columns` maps the API's sort keys to columns; unknown keys cannot reach here (zod enums).
 */
export function orderFor<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  idColumn: AnyColumn,
  sort: K | undefined,
  fallback: K,
  order: 'ASC' | 'DESC' | undefined,
): SQL[] {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(columns[sort ?? fallback]), direction(idColumn)];
}
