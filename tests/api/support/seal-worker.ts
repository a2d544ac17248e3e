/**
 * A separate server process that completes a three-document request and seals it, then hangs while
 * storing the second sealed document (prints "holding"), so that a test can kill it mid-seal: the
 * first document is sealed and committed, the others are not. Prints "request <id>" first.
 * Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite on disk).
 */
import { ROLE } from '../../../contract/permissions.js';
import { bootstrap } from '../../../server/bootstrap.js';
import { loadConfig } from '../../../server/config.js';
import { createCompany, createUser } from '../../../server/db/factories.js';
import { createLogger } from '../../../server/logger.js';
import { createTestRequest } from '../../../server/requests/core/factories.js';
import { type FileStorage, localStorageFor } from '../../../server/storage/storage.js';
import { postgresEnv } from './database.js';
import { signAndComplete } from './signedRequest.js';

const config = loadConfig({
  DATA_DIR: process.env.DATA_DIR ?? '',
  ...(process.env.DATABASE_URL ? postgresEnv(process.env.DATABASE_URL) : {}),
  ADMIN_EMAIL: 'admin@rubrica.test',
  ADMIN_PASSWORD: 'Admin-Prueba-2026',
  LOG_LEVEL: 'silent',
  JOB_LEASE_SECONDS: '2',
  JOB_POLL_MS: '50',
});
const disk = localStorageFor(config.DATA_DIR);
let sealedPuts = 0;
const storage: FileStorage = {
  ...disk,
  put(key, body) {
    if (key.includes('/sealed/') && ++sealedPuts === 2) {
      process.stdout.write('holding\n');
      return new Promise(() => {}); // never stored: the test kills this process here
    }
    return disk.put(key, body);
  },
};
const { deps } = await bootstrap({ config, logger: createLogger('silent'), storage });
const companyId = await createCompany(deps.database.db, {
  fiscalName: 'Sellos del Sur',
  taxId: '900555666-7',
});
const createdBy = await createUser(deps.database.db, {
  companyId,
  roleId: ROLE.companyAdministrator,
  name: 'Sara',
  lastName: 'Sellos',
  email: 'sara@sellos.test',
  password: 'Clave-Segura-2026',
});
const request = await createTestRequest(deps, {
  companyId,
  createdBy,
  documents: 3,
  signers: [
    { name: 'Ana Núñez Peña', email: 'ana.crash@correo.test' },
    { name: 'Bruno Ríos', email: 'bruno.crash@correo.test' },
  ],
});
await signAndComplete(deps, request);
process.stdout.write(`request ${request.requestId}\n`);
deps.queue.start(1);
