import { sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID } from '../../../contract/permissions.js';
import type { SupportContacts } from '../../../contract/schemas.js';
import { type Db, queryRows } from '../../db/client.js';

/**
 * The support channels a company's users see (help dialog, package pop-ups): each channel from the
 * company itself, else from its parent company, else from the platform company.
 */
export async function resolveSupportContacts(db: Db, companyId: number): Promise<SupportContacts> {
  const [row] = await queryRows<SupportContacts>(
    db,
    sql`
    SELECT COALESCE(c.support_phone, parent.support_phone, platform.support_phone) AS phone,
           COALESCE(c.support_whatsapp, parent.support_whatsapp, platform.support_whatsapp) AS whatsapp,
           COALESCE(c.support_email, parent.support_email, platform.support_email) AS email
    FROM companies c
    LEFT JOIN companies parent ON parent.id = c.parent_id
    LEFT JOIN companies platform ON platform.id = ${PLATFORM_COMPANY_ID}
    WHERE c.id = ${companyId}`,
  );
  return row ?? { phone: null, whatsapp: null, email: null };
}
