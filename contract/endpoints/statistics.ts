import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, itemsPerPage, page } from '../schemas.js';
import { instant, instantUntil } from './plans.js';

const area = 'Statistics';

/** Bytes a company stores, by kind of file (from the sizes recorded when each file was written). */
export const storageFigures = z.object({
  /** Documents as rendered at sending (what the signers see). */
  documents_bytes: z.number(),
  /** Sealed PDFs (signed, with the certificate of completion). */
  sealed_bytes: z.number(),
  /** Signature images and selfies. */
  images_bytes: z.number(),
  /** Uploaded PDFs: documents of groups and PDFs to sign. */
  attachments_bytes: z.number(),
  total_bytes: z.number(),
});
export type StorageFigures = z.infer<typeof storageFigures>;

const companyColumns = { company_id: z.number(), company_name: z.string() };

export const companyStorageRow = storageFigures.extend({ ...companyColumns, capacity_bytes: z.number() });

/** Users by status (deleted users are not counted). */
export const userFigures = z.object({
  active: z.number(),
  inactive: z.number(),
  locked: z.number(),
  total: z.number(),
});
export const usersByRole = z.array(
  z.object({ role_id: z.number(), role_name: z.string(), users: z.number() }),
);
export const companyUsersRow = userFigures.extend(companyColumns);

/** Unlimited packages (plans without a unit limit): how many, in force, expiring, expired, signatures used. */
export const unlimitedPackageFigures = z.object({
  assigned: z.number(),
  active: z.number(),
  /** In force and ending within the next 30 days. */
  expiring: z.number(),
  expired: z.number(),
  /** Signatures consumed under these packages. */
  consumed: z.number(),
});
export const companyUnlimitedPackagesRow = unlimitedPackageFigures.extend(companyColumns);

/** Unit packages: packages and their units (bought, used, left in force, left in packages about to end). */
export const unitPackageFigures = z.object({
  assigned: z.number(),
  active: z.number(),
  expiring: z.number(),
  expired: z.number(),
  units_assigned: z.number(),
  units_consumed: z.number(),
  /** Units left in packages in force. */
  units_available: z.number(),
  /** Units left in packages that end within the next 30 days. */
  units_expiring: z.number(),
  /** Units never used in packages that ended. */
  units_expired: z.number(),
});
export const companyUnitPackagesRow = unitPackageFigures.extend(companyColumns);

export const CODE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
/** One-time codes of signers on one channel: sent, validated, and failed (expired without being validated). */
export const codeFigures = z.object({ sent: z.number(), validated: z.number(), failed: z.number() });
export const codesByChannel = z.object({ email: codeFigures, sms: codeFigures, whatsapp: codeFigures });
export const companyCodesRow = codesByChannel.extend(companyColumns);

const companiesQuery = z.object({
  page: page.default(1),
  itemsPerPage: itemsPerPage.default(15),
  /** Part of the company's name. */
  search: z.string().trim().max(200).optional(),
});
/** Codes sent from (a day, start in Bogotá) until (a day, included). */
const codeRange = z.object({ from: instant.optional(), to: instantUntil.optional() });

const comparison = <Row extends z.ZodType, Totals extends z.ZodType>(row: Row, totals: Totals) =>
  z.object({ items: z.array(row), total: z.number(), totals });

export const statistics = {
  getCompanyStatistics: endpoint({
    method: 'POST',
    path: 'get_company_statistics',
    summary:
      'Almacenamiento usado y total de una empresa, en GB (cadenas numéricas), con los bytes guardados por tipo de archivo.',
    area,
    scope: 'company',
    permissions: [],
    body: z.object({ company_id: id }),
    reply: storageFigures.extend({ storage_used: z.string(), storage_capacity: z.string() }),
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: { company_id: 1 } },
    skipAudit: true,
  }),
  getCompaniesStatistics: endpoint({
    method: 'POST',
    path: 'get_companies_statistics',
    summary:
      'Almacenamiento de cada empresa por tipo de archivo, de mayor a menor, con los totales de la plataforma.',
    area,
    scope: 'global',
    permissions: ['statistics.companies_storage'],
    body: companiesQuery,
    reply: comparison(companyStorageRow, storageFigures.extend({ capacity_bytes: z.number() })),
    readOnly: true,
    example: { body: { page: 1, itemsPerPage: 15 } },
  }),
  getTotalStorage: endpoint({
    method: 'GET',
    path: 'get_total_storage',
    summary: 'Almacenamiento total de la plataforma por tipo de archivo y capacidad asignada a las empresas.',
    area,
    scope: 'global',
    permissions: ['statistics.companies_storage'],
    reply: storageFigures.extend({ capacity_bytes: z.number(), companies: z.number() }),
  }),
  getCompaniesUsersStatistics: endpoint({
    method: 'GET',
    path: 'get_companies_users_statistics',
    summary:
      'Usuarios de cada empresa (activos, inactivos, bloqueados), con los totales y los usuarios por rol.',
    area,
    scope: 'global',
    permissions: ['statistics.companies_users'],
    query: companiesQuery,
    reply: comparison(companyUsersRow, userFigures).extend({ by_role: usersByRole }),
  }),
  getCompanyUsersStatistics: endpoint({
    method: 'GET',
    path: 'get_company_users_statistics',
    summary: 'Usuarios de la empresa de quien consulta: activos, inactivos, bloqueados y por rol.',
    area,
    scope: 'company',
    permissions: ['statistics.company_users'],
    reply: companyUsersRow.extend({ by_role: usersByRole }),
  }),
  getCompaniesPackagesStatistics: endpoint({
    method: 'GET',
    path: 'get_companies_packages_statistics',
    summary:
      'Paquetes ilimitados de cada empresa: asignados, vigentes, por vencer (30 días), vencidos y firmas consumidas.',
    area,
    scope: 'global',
    permissions: ['statistics.companies_packages_unlimited'],
    query: companiesQuery,
    reply: comparison(companyUnlimitedPackagesRow, unlimitedPackageFigures),
  }),
  getCompanyPackagesStatistics: endpoint({
    method: 'GET',
    path: 'get_company_packages_statistics',
    summary: 'Paquetes ilimitados de la empresa de quien consulta.',
    area,
    scope: 'company',
    permissions: ['statistics.company_packages_unlimited'],
    reply: companyUnlimitedPackagesRow,
  }),
  getCompaniesUnitsPackagesStatistics: endpoint({
    method: 'GET',
    path: 'get_companies_units_packages_statistics',
    summary:
      'Paquetes por unidades de cada empresa: paquetes y unidades asignadas, consumidas, disponibles, por vencer y vencidas.',
    area,
    scope: 'global',
    permissions: ['statistics.companies_packages_units'],
    query: companiesQuery,
    reply: comparison(companyUnitPackagesRow, unitPackageFigures),
  }),
  getCompanyUnitsPackagesStatistics: endpoint({
    method: 'GET',
    path: 'get_company_units_packages_statistics',
    summary: 'Paquetes por unidades de la empresa de quien consulta.',
    area,
    scope: 'company',
    permissions: ['statistics.company_packages_units'],
    reply: companyUnitPackagesRow,
  }),
  getCompaniesValidationCodes: endpoint({
    method: 'POST',
    path: 'get_companies_validation_codes',
    summary:
      'Códigos de validación enviados, validados y fallidos por canal (correo, SMS, WhatsApp) de cada empresa, entre dos fechas.',
    area,
    scope: 'global',
    permissions: ['statistics.companies_codes'],
    body: companiesQuery.extend(codeRange.shape),
    reply: comparison(companyCodesRow, codesByChannel),
    readOnly: true,
    example: { body: { page: 1, itemsPerPage: 15, from: '2026-01-01', to: '2026-01-31' } },
  }),
  getCompanyValidationCodes: endpoint({
    method: 'POST',
    path: 'get_company_validation_codes',
    summary: 'Códigos de validación por canal de la empresa de quien consulta, entre dos fechas.',
    area,
    scope: 'company',
    permissions: ['statistics.company_codes'],
    body: codeRange,
    reply: companyCodesRow,
    readOnly: true,
    example: { body: { from: '2026-01-01', to: '2026-01-31' } },
  }),
} as const;
