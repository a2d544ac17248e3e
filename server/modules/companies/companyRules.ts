import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { companyFields } from '../../../contract/endpoints/company.js';
import { PLATFORM_COMPANY_ID } from '../../../contract/permissions.js';
import type { Db } from '../../db/client.js';
import { cities, companies, departments } from '../../db/schema/index.js';
import type { Actor } from '../../deps.js';
import { conflict, forbidden, unprocessable } from '../../errors.js';
import { toBytes } from './companyRecord.js';

export type CompanyInput = Partial<z.output<z.ZodObject<typeof companyFields>>>;

export const COMPANY_MESSAGES = {
  created: 'Empresa creada. Guarde la clave de API: no se volverá a mostrar',
  branchCreated: 'Sucursal creada. Guarde la clave de API: no se volverá a mostrar',
  updated: 'Empresa actualizada',
  deleted: 'Empresa eliminada',
  keyRotated: 'Clave de API generada. Guárdela: no se volverá a mostrar; la anterior ya no sirve',
  taxIdTaken: 'Ya existe una empresa con este NIT',
  branchOfBranch: 'Una sucursal no puede tener sucursales; elija una empresa principal',
  branchNotFound: 'La sucursal solicitada no existe',
  departmentUnknown: 'Seleccione un departamento válido',
  cityUnknown: 'Seleccione una ciudad válida',
  cityOutsideDepartment: 'La ciudad no pertenece al departamento seleccionado',
  storageAdminOnly: 'Solo el administrador de la plataforma puede cambiar la capacidad de almacenamiento',
  statusAdminOnly: 'Solo el administrador de la plataforma o la empresa principal pueden cambiar el estado',
  deletePlatform: 'No se puede eliminar la empresa administradora de la plataforma',
  deleteWithBranches:
    'No se puede eliminar una empresa con sucursales activas. Elimine primero sus sucursales',
  deleteNotAllowed:
    'Solo el administrador de la plataforma puede eliminar una empresa; una empresa solo elimina sus sucursales',
  logoMissing: 'La empresa no tiene logo',
} as const;

export const isPlatformAdmin = (actor: Actor) => actor.companyId === PLATFORM_COMPANY_ID;

/** What a company looks like before a change (a new one: the defaults). */
export type CurrentCompany = {
  id?: number;
  parentId: number | null;
  taxId?: string;
  status: 'active' | 'inactive';
  storageCapacityBytes: number;
  departmentId: number | null;
  cityId: number | null;
};

/**
 * Storage capacity is the administrator's; the status of a top-level company too, while a company
 * may switch its own branches. A form may send a current value back unchanged.
 */
export function checkRestrictedFields(actor: Actor, input: CompanyInput, current: CurrentCompany): void {
  if (isPlatformAdmin(actor)) return;
  if (
    input.storage_capacity_gb !== undefined &&
    toBytes(input.storage_capacity_gb) !== current.storageCapacityBytes
  ) {
    throw forbidden(COMPANY_MESSAGES.storageAdminOnly);
  }
  const ownBranch = current.parentId !== null && current.parentId === actor.companyId;
  if (input.status !== undefined && input.status !== current.status && !ownBranch) {
    throw forbidden(COMPANY_MESSAGES.statusAdminOnly);
  }
}

/**
 * Department and city against the seeded DANE tables: the city must belong to the department; given
 * only a city, its department is taken; a new department without a city clears the old city.
 * Returns the columns to write, or {} when the request does not touch the location.
 */
export async function resolveLocation(
  db: Db,
  input: CompanyInput,
  current: Pick<CurrentCompany, 'departmentId' | 'cityId'>,
): Promise<{ departmentId?: number | null; cityId?: number | null }> {
  if (input.department_id === undefined && input.city_id === undefined) return {};
  let departmentId = input.department_id === undefined ? current.departmentId : input.department_id;
  const departmentChanged = departmentId !== current.departmentId;
  const cityId = input.city_id === undefined ? (departmentChanged ? null : current.cityId) : input.city_id;
  if (cityId !== null) {
    const [city] = await db
      .select({ departmentId: cities.departmentId })
      .from(cities)
      .where(eq(cities.id, cityId));
    if (!city) throw unprocessable(COMPANY_MESSAGES.cityUnknown, { city_id: COMPANY_MESSAGES.cityUnknown });
    if (input.department_id === undefined || departmentId === null) departmentId = city.departmentId;
    if (city.departmentId !== departmentId) {
      throw unprocessable(COMPANY_MESSAGES.cityOutsideDepartment, {
        city_id: COMPANY_MESSAGES.cityOutsideDepartment,
      });
    }
  }
  if (departmentId !== null) {
    const [department] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, departmentId), eq(departments.countryCode, 'CO')));
    if (!department) {
      throw unprocessable(COMPANY_MESSAGES.departmentUnknown, {
        department_id: COMPANY_MESSAGES.departmentUnknown,
      });
    }
  }
  return { departmentId, cityId };
}

export const taxIdTaken = () =>
  conflict(COMPANY_MESSAGES.taxIdTaken, { tax_id: COMPANY_MESSAGES.taxIdTaken });

/** A NIT names one live top-level company (branches share their parent's); the unique index backs it. */
export async function assertTaxIdFree(db: Db, taxId: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.taxId, taxId),
        isNull(companies.parentId),
        isNull(companies.deletedAt),
        exceptId ? ne(companies.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw taxIdTaken();
}
