/** `npm run seed:demo`: adds the demo company and users to the configured database. */
import { bootstrap } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { DEMO_USERS, seedDemo } from './seed-demo.js';

const config = loadConfig();
const { deps } = await bootstrap({ config, logger: createLogger('warn') });
const { created } = await seedDemo(deps.database.db);
process.stdout.write(
  created ? 'Empresa de demostración creada.\n' : 'La empresa de demostración ya existía.\n',
);
for (const user of DEMO_USERS) process.stdout.write(`  ${user.email}  ${user.password}\n`);
await deps.database.close();
