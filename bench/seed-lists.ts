// Seeds a database for bench/lists.bench.mjs: the platform (migrations, base seed, administrator),
// N companies (one in five a branch of the one before it) and N users spread over them, in two
// INSERT … SELECT generate_series statements, then VACUUM ANALYZE. PostgreSQL when a URL is given,
// otherwise a PGlite DATA_DIR (run with the server stopped: PGlite is one process):
//   tsx bench/seed-lists.ts <dataDir> <databaseUrl|-> <count> <adminEmail> <adminPassword>

import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { applyMigrations } from '../server/db/migrate.js';
import { seedBase } from '../server/db/seed.js';

const [dataDir, databaseUrl, countText, email, password] = process.argv.slice(2);
if (!dataDir || !databaseUrl || !countText || !email || !password) {
  console.error(
    'uso: tsx bench/seed-lists.ts <dataDir> <databaseUrl|-> <count> <adminEmail> <adminPassword>',
  );
  process.exit(2);
}
const count = Number(countText);

const database = await openDatabase({ dataDir, databaseUrl: databaseUrl === '-' ? undefined : databaseUrl });
try {
  await applyMigrations(database);
  await seedBase(database.db, { email, password });
  await database.db.execute(sql`
    INSERT INTO companies (fiscal_name, tax_id, status, parent_id)
    SELECT 'Empresa de prueba ' || lpad(g::text, 6, '0') || ' S.A.S.',
           (800000000 + g)::text || '-' || (g % 10),
           CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END,
           NULL
    FROM generate_series(1, ${count}) AS g`);
  await database.db.execute(
    sql`UPDATE companies SET parent_id = id - 1 WHERE id > 2 AND id % 5 = 0 AND fiscal_name LIKE 'Empresa de prueba %'`,
  );
  // Users spread over the seeded companies; every tenth a company administrator, no passwords.
  await database.db.execute(sql`
    INSERT INTO users (company_id, role_id, name, last_name, email, phone, id_type, id_number, status)
    SELECT 2 + (g * 7919) % ${count},
           CASE WHEN g % 10 = 0 THEN 21 ELSE 22 END,
           (ARRAY['Ana','Luis','Marta','Jorge','Sofía','Camilo','Valentina','Andrés'])[1 + g % 8] || ' ' || g,
           (ARRAY['Gómez','Rodríguez','Martínez','López','Pérez','Díaz'])[1 + g % 6],
           'usuario' || g || '@bench.test',
           '+57 300 ' || lpad(g::text, 7, '0'),
           'CC',
           (1000000000 + g)::text,
           CASE WHEN g % 50 = 0 THEN 'inactive' ELSE 'active' END
    FROM generate_series(1, ${count}) AS g`);
  // As autovacuum would on a live server: statistics, and the visibility map index-only scans need.
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`${count} empresas y ${count} usuarios`);
} finally {
  await database.close();
}
