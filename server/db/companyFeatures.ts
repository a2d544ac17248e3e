// A company's feature switches as the lower layers need them: the route guard checks
// `api_access`, services read the enabled set. The /company_features screens build on the same
// rule (server/modules/companies/features.service.ts).
import { eq, inArray } from 'drizzle-orm';
import { FEATURES, type FeatureKey } from '../../contract/features.js';
import type { Db } from './client.js';
import { companies, companyFeatures as featureTable } from './schema/index.js';

type FeatureSource = 'company' | 'parent' | 'default';
export type EffectiveFeature = { key: FeatureKey; enabled: boolean; source: FeatureSource };
type FeatureRow = { companyId: number; feature: string; enabled: boolean };

/**
 * The value of every catalogue feature for a company: its own row, else (for a branch) its
 * parent's, else the catalogue default.
 */
export function effectiveFeatures(rows: readonly FeatureRow[], companyId: number, parentId: number | null) {
  const value = (id: number | null, key: string) =>
    id === null ? undefined : rows.find((row) => row.companyId === id && row.feature === key)?.enabled;
  return FEATURES.map((feature): EffectiveFeature => {
    const own = value(companyId, feature.key);
    if (own !== undefined) return { key: feature.key, enabled: own, source: 'company' };
    const inherited = value(parentId, feature.key);
    if (inherited !== undefined) return { key: feature.key, enabled: inherited, source: 'parent' };
    return { key: feature.key, enabled: feature.default, source: 'default' };
  });
}

export async function featureRows(db: Db, companyIds: readonly number[]): Promise<FeatureRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: featureTable.companyId,
      feature: featureTable.feature,
      enabled: featureTable.enabled,
    })
    .from(featureTable)
    .where(inArray(featureTable.companyId, [...new Set(companyIds)]));
}

/** Keys of the features enabled for a company (get_users' `features`). */
export async function enabledFeatureKeys(db: Db, companyId: number): Promise<FeatureKey[]> {
  const [company] = await db
    .select({ parentId: companies.parentId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return [];
  const ids = company.parentId === null ? [companyId] : [companyId, company.parentId];
  return effectiveFeatures(await featureRows(db, ids), companyId, company.parentId)
    .filter((feature) => feature.enabled)
    .map((feature) => feature.key);
}
