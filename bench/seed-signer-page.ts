// Seeds a PGlite DATA_DIR with the platform (migrations, base seed, administrator) and one
// signature request of one signer, created through the server's own factories exactly as the
// end-to-end tests create theirs, then prints the signer's link token as JSON on stdout, for
// bench/signer-page.bench.mjs. Run with tsx before the server starts (PGlite allows one process):
//   DATA_DIR=<dataDir> ADMIN_EMAIL=<email> ADMIN_PASSWORD=<password> tsx bench/seed-signer-page.ts

import { ROLE } from '../contract/permissions.js';
import { bootstrap } from '../server/bootstrap.js';
import { loadConfig } from '../server/config.js';
import { createCompany, createUser } from '../server/db/factories.js';
import { createLogger } from '../server/logger.js';
import { createTestRequest } from '../server/requests/core/factories.js';

const { deps } = await bootstrap({ config: loadConfig(), logger: createLogger('warn') });
try {
  const companyId = await createCompany(deps.database.db, {
    fiscalName: 'Medición de firma S.A.S.',
    taxId: '901422777-1',
  });
  const createdBy = await createUser(deps.database.db, {
    companyId,
    roleId: ROLE.companyAdministrator,
    name: 'Marta',
    lastName: 'Medición',
    email: 'marta.medicion@bench.test',
    password: 'Bench-Marta-Medicion-1',
  });
  const request = await createTestRequest(deps, {
    companyId,
    createdBy,
    title: 'Contrato de prestación de servicios',
    signers: [
      { name: 'Úrsula Firmante', email: 'ursula.firmante@bench.test', authentication: ['email_otp'] },
    ],
  });
  console.log(JSON.stringify({ token: request.signers[0]?.token }));
} finally {
  await deps.database.close();
}
