import { formatNumber } from '../format/number';

/** What get_company_statistics answers: GB as numeric strings. */
export type CompanyStorage = { storage_used: string; storage_capacity: string };

export type StorageUsage = { used: number; total: number; percent: number };

const toNumber = (value: string | number) => {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(number) && number > 0 ? number : 0;
};

/**
 * SPEC §2.6: used GB of total GB as a percentage, 0 when the total is 0. Unreadable or negative
 * values count as 0; the percentage may pass 100 when a company is over its capacity.
 */
export function storageUsage({ storage_used, storage_capacity }: CompanyStorage): StorageUsage {
  const used = toNumber(storage_used);
  const total = toNumber(storage_capacity);
  return { used, total, percent: total === 0 ? 0 : (used / total) * 100 };
}

/** The figures as the bar shows them: GB with up to 2 decimals, the percentage with up to 1. */
export function storageLabels({ used, total, percent }: StorageUsage) {
  return { used: formatNumber(used, 2), total: formatNumber(total, 2), percent: formatNumber(percent, 1) };
}
