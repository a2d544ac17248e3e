import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type companyFeatureRow,
  type companyFeatures,
  companyFeaturesEndpoints,
} from '../../../contract/endpoints/companyFeatures.js';
import { type FeatureKey, featureByKey } from '../../../contract/features.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { effectiveFeatures, featureRows } from '../../db/companyFeatures.js';
import { companies, companyFeatures as featureTable } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { forbidden, notFound } from '../../errors.js';
import { likePattern, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';
import { isPlatformAdmin } from './companyRules.js';
import { companyEmailTemplates } from './emailTemplates.service.js';

export const FEATURE_MESSAGES = {
  updated: 'Funcionalidad actualizada',
  platformOnly: 'Esta funcionalidad solo la puede cambiar el administrador de la plataforma',
} as const;

export type CompanyFeatures = z.input<typeof companyFeatures>;

/** The /company_features screen of one company (ownership checked by the route layer). */
export async function getCompanyFeatures(
  deps: Deps,
  actor: Actor,
  companyId: number,
): Promise<CompanyFeatures> {
  const { db } = deps.database;
  const [company] = await db
    .select({ id: companies.id, fiscalName: companies.fiscalName, parentId: companies.parentId })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company) throw notFound();
  const ids = company.parentId === null ? [companyId] : [companyId, company.parentId];
  const effective = effectiveFeatures(await featureRows(db, ids), companyId, company.parentId);
  const admin = isPlatformAdmin(actor);
  return {
    id: company.id,
    company_id: company.id,
    fiscal_name: company.fiscalName,
    enabled: effective.filter((feature) => feature.enabled).map((feature) => feature.key),
    features: effective.map((feature) => {
      const definition = featureByKey(feature.key);
      return {
        key: feature.key,
        label: definition.label,
        description: definition.description,
        enabled: feature.enabled,
        default: definition.default,
        source: feature.source,
        managed_by: definition.managedBy,
        editable: admin || definition.managedBy === 'company',
      };
    }),
    email_templates: await companyEmailTemplates(db, company),
  };
}

/** Switches one feature of a company; what the platform sells only the administrator switches. */
export async function setCompanyFeature(
  deps: Deps,
  actor: Actor,
  input: { company_id: number; feature: FeatureKey; enabled: boolean },
): Promise<CompanyFeatures> {
  if (featureByKey(input.feature).managedBy === 'platform' && !isPlatformAdmin(actor)) {
    throw forbidden(FEATURE_MESSAGES.platformOnly);
  }
  const values = {
    companyId: input.company_id,
    feature: input.feature,
    enabled: input.enabled,
    updatedBy: actor.userId,
    updatedAt: deps.clock.now(),
  };
  await deps.database.db
    .insert(featureTable)
    .values(values)
    .onConflictDoUpdate({ target: [featureTable.companyId, featureTable.feature], set: values });
  return getCompanyFeatures(deps, actor, input.company_id);
}

export type FeatureGridInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  feature?: FeatureKey;
  enabled?: boolean;
  sort?: SortKeyOf<typeof companyFeaturesEndpoints.getCompaniesEnabledFeatures>;
  order?: 'ASC' | 'DESC';
};

/** The effective value of one feature in SQL, for filtering the grid (same rule as effectiveFeatures). */
function effectiveFeatureSql(key: FeatureKey): SQL {
  return sql`COALESCE(
    (SELECT f.enabled FROM company_features f WHERE f.company_id = ${companies.id} AND f.feature = ${key}),
    (SELECT f.enabled FROM company_features f WHERE f.company_id = ${companies.parentId} AND f.feature = ${key}),
    ${featureByKey(key).default})`;
}

const GRID_SORT = sortColumnsOf(companyFeaturesEndpoints.getCompaniesEnabledFeatures, companies);

/** The administrator's grid: live companies × the effective value of every feature. */
export async function listCompaniesFeatures(
  deps: Deps,
  input: FeatureGridInput,
): Promise<{ items: z.input<typeof companyFeatureRow>[]; total: number }> {
  const { db } = deps.database;
  const where = and(
    isNull(companies.deletedAt),
    input.search
      ? or(
          ilike(companies.fiscalName, likePattern(input.search)),
          ilike(companies.taxId, likePattern(input.search)),
        )
      : undefined,
    input.feature && input.enabled !== undefined
      ? sql`${effectiveFeatureSql(input.feature)} = ${input.enabled}`
      : undefined,
  );
  const sortColumn = GRID_SORT[input.sort ?? 'id'];
  const direction = input.order === 'DESC' ? desc : asc;
  const window = pageWindow(input);
  const [totalRow] = await db.select({ total: count() }).from(companies).where(where);
  const page = await db
    .select({
      id: companies.id,
      fiscalName: companies.fiscalName,
      taxId: companies.taxId,
      parentId: companies.parentId,
    })
    .from(companies)
    .where(where)
    .orderBy(direction(sortColumn), direction(companies.id))
    .limit(window.limit)
    .offset(window.offset);
  const rows = await featureRows(
    db,
    page.flatMap((company) => (company.parentId === null ? [company.id] : [company.id, company.parentId])),
  );
  return {
    items: page.map((company) => ({
      id: company.id,
      fiscal_name: company.fiscalName,
      tax_id: company.taxId,
      parent_id: company.parentId,
      features: Object.fromEntries(
        effectiveFeatures(rows, company.id, company.parentId).map((feature) => [
          feature.key,
          feature.enabled,
        ]),
      ) as Record<FeatureKey, boolean>,
    })),
    total: Number(totalRow?.total ?? 0),
  };
}
