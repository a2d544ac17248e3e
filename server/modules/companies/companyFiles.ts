import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import type { FileReply } from '../../http/handlers.js';
import {
  type CompanyFilters,
  type CompanyRecord,
  companyListWhere,
  selectCompanyRecords,
  toCompanyRecord,
} from './companyRecord.js';
import { COMPANY_MESSAGES } from './companyRules.js';
import { contentTypeOfLogoKey } from './logo.js';

const STATUS_LABELS = { active: 'Activa', inactive: 'Inactiva' } as const;

export const COMPANY_EXPORT_COLUMNS: readonly ExportColumn<CompanyRecord>[] = [
  { header: 'ID', width: 8, value: (row) => row.id },
  { header: 'Razón social', width: 36, value: (row) => row.fiscal_name },
  { header: 'NIT', width: 16, value: (row) => row.tax_id },
  { header: 'Tipo', width: 12, value: (row) => (row.is_branch ? 'Sucursal' : 'Empresa') },
  { header: 'Empresa principal', width: 30, value: (row) => row.parent_name },
  { header: 'Estado', width: 10, value: (row) => STATUS_LABELS[row.status] },
  { header: 'Departamento', width: 20, value: (row) => row.department_name },
  { header: 'Ciudad', width: 20, value: (row) => row.city_name },
  { header: 'Código postal', width: 12, value: (row) => row.postal_code },
  { header: 'Dirección', width: 30, value: (row) => row.address },
  { header: 'Teléfono de soporte', width: 18, value: (row) => row.support_phone },
  { header: 'WhatsApp de soporte', width: 18, value: (row) => row.support_whatsapp },
  { header: 'Correo de soporte', width: 28, value: (row) => row.support_email },
  { header: 'Capacidad (GB)', width: 14, value: (row) => row.storage_capacity_gb },
  { header: 'Usado (GB)', width: 12, value: (row) => row.storage_used_gb },
  { header: 'Creada', width: 20, value: (row) => new Date(row.created_at) },
];

/** Every company the list would show with these filters, streamed as .xlsx in id order. */
export function exportCompanies(deps: Deps, actor: Actor, filters: CompanyFilters): FileReply {
  const { db } = deps.database;
  const where = companyListWhere(actor, filters);
  const batches = keysetBatches(async (lastId, size) => {
    const rows = await selectCompanyRecords(db)
      .where(and(where, gt(companies.id, lastId)))
      .orderBy(asc(companies.id))
      .limit(size);
    return rows.map(toCompanyRecord);
  });
  const stream = streamXlsx({
    sheetName: 'Empresas',
    columns: COMPANY_EXPORT_COLUMNS,
    batches,
    onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación de empresas'),
  });
  const day = deps.clock.now().toISOString().slice(0, 10);
  return { stream, filename: `empresas-${day}.xlsx` };
}

/** A live company's logo for an <img> (public: logos are not secret); 404 without one. */
export async function companyLogo(deps: Deps, companyId: number): Promise<FileReply> {
  const [row] = await deps.database.db
    .select({ logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!row) throw notFound();
  const stream = row.logo ? await deps.storage.get(row.logo) : null;
  if (!row.logo || !stream) throw notFound(COMPANY_MESSAGES.logoMissing);
  const extension = row.logo.split('.').pop();
  return {
    stream,
    filename: `logo-${companyId}.${extension}`,
    contentType: contentTypeOfLogoKey(row.logo),
    // The URL changes with each upload (?v=), so a short cache is safe and spares requests.
    maxAgeSeconds: 3600,
  };
}
