import { eq } from 'drizzle-orm';
import { ROLE } from '../../../contract/permissions.js';
import type { Db } from '../../../server/db/client.js';
import { assignPlan, createCompany, createPlan, createUser } from '../../../server/db/factories.js';
import { documentPackageSignerRoles } from '../../../server/db/schema/index.js';
import { createBulkGroup } from '../../../server/requests/bulk/factories.js';

/**
 * The cluster test's and the cluster bench's sender: a company with `units` units, its
 * administrator with a password, and a one-signer group (the bulk sample) whose signer proves a
 * code mailed to them.
 */
export async function seedOtpSender(
  db: Db,
  { sender, units }: { sender: { email: string; password: string }; units: number },
): Promise<{ companyId: number; packageId: number }> {
  const companyId = await createCompany(db, { fiscalName: 'Clúster S.A.S.', taxId: '900123456-7' });
  const planId = await createPlan(db, { name: 'Plan clúster', signatures: units });
  await assignPlan(db, { companyId, planId, unitsTotal: units });
  await createUser(db, {
    companyId,
    roleId: ROLE.companyAdministrator,
    name: 'Sofía',
    lastName: 'Envía',
    ...sender,
  });
  const { packageId } = await createBulkGroup(db, { companyId, name: 'Clúster' });
  await db
    .update(documentPackageSignerRoles)
    .set({ authentication: ['email_otp'] })
    .where(eq(documentPackageSignerRoles.packageId, packageId));
  return { companyId, packageId };
}
