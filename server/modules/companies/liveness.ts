import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

export const DELETED_COMPANY_SIGNIN =
  'La empresa de su usuario fue eliminada. Comuníquese con el administrador de la plataforma';

/** Whether the company was deleted (soft delete): its users can no longer sign in nor keep sessions. */
export async function companyIsDeleted(db: Db, companyId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM companies WHERE id = ${companyId} AND deleted_at IS NOT NULL`,
  );
  return rows.length > 0;
}
