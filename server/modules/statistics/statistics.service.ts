import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';

const BYTES_PER_GB = 1024 ** 3;

/** Bytes as GB in a numeric string with up to three decimals: 0 → "0", 1.5 GiB → "1.5". */
export function toGigabytes(bytes: number): string {
  return String(Math.round((bytes / BYTES_PER_GB) * 1000) / 1000);
}

/** Storage used and capacity of one company, for the menu's storage bar (SPEC §2.6, §3). */
export async function getCompanyStatistics(
  deps: Deps,
  companyId: number,
): Promise<{ storage_used: string; storage_capacity: string }> {
  const [row] = await deps.database.db
    .select({ used: companies.storageUsedBytes, capacity: companies.storageCapacityBytes })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound();
  return { storage_used: toGigabytes(Number(row.used)), storage_capacity: toGigabytes(Number(row.capacity)) };
}
