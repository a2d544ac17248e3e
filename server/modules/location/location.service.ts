import { asc, eq, sql } from 'drizzle-orm';
import { cities, departments, identificationTypes } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';

export const LOCATION_MESSAGES = {
  departmentUnknown: 'El departamento solicitado no existe',
  identificationTypeUnknown: 'El tipo de documento solicitado no existe',
} as const;

/** Departments of a country by name (only Colombia is loaded; another country lists none). */
export async function listDepartments(deps: Deps, countryCode: string) {
  const rows = await deps.database.db
    .select({ id: departments.id, country_code: departments.countryCode, name: departments.name })
    .from(departments)
    .where(eq(departments.countryCode, countryCode))
    .orderBy(asc(departments.name));
  return { items: rows, total: rows.length };
}

/** Municipalities of a department by name; 404 for an unknown department. */
export async function listCities(deps: Deps, departmentId: number) {
  const { db } = deps.database;
  const [department] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!department) throw notFound(LOCATION_MESSAGES.departmentUnknown);
  const rows = await db
    .select({ id: cities.id, department_id: cities.departmentId, name: cities.name })
    .from(cities)
    .where(eq(cities.departmentId, departmentId))
    .orderBy(asc(cities.name));
  return { items: rows.map((row) => ({ ...row, department_name: department.name })), total: rows.length };
}

const typeColumns = {
  id: identificationTypes.id,
  code: identificationTypes.code,
  name: identificationTypes.name,
  applies_to: identificationTypes.appliesTo,
};

export async function listIdentificationTypes(deps: Deps) {
  const rows = await deps.database.db
    .select(typeColumns)
    .from(identificationTypes)
    .orderBy(asc(identificationTypes.position), asc(identificationTypes.id));
  return { items: rows, total: rows.length };
}

/** One identification type by numeric id or by code (CC, NIT...). */
export async function getIdentificationType(deps: Deps, idOrCode: string) {
  const where = /^\d+$/.test(idOrCode)
    ? eq(identificationTypes.id, Number(idOrCode))
    : eq(sql`upper(${identificationTypes.code})`, idOrCode.toUpperCase());
  const [row] = await deps.database.db.select(typeColumns).from(identificationTypes).where(where);
  if (!row) throw notFound(LOCATION_MESSAGES.identificationTypeUnknown);
  return row;
}
