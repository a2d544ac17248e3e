/**
 * Bench helper: prepares a DATA_DIR (migrations, base seed with the given administrator) and adds
 * `count` users spread over 20 companies, straight in SQL so that seeding takes seconds.
 * Run with the server stopped (PGlite is one process):
 *   node --import tsx bench/seed-users.ts <dataDir> <count> <adminEmail> <adminPassword>
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.js';
import { applyMigrations } from '../server/db/migrate.js';
import { seedBase } from '../server/db/seed.js';

const [dataDir, countText = '10000', email = '', password] = process.argv.slice(2);
if (!dataDir || !email) throw new Error('uso: seed-users.ts <dataDir> <count> <adminEmail> <adminPassword>');
const count = Number(countText);
const COMPANIES = 20;

const database = await openDatabase({ dataDir });
try {
  await applyMigrations(database);
  await seedBase(database.db, { email, password });
  await database.db.execute(sql`
    INSERT INTO companies (fiscal_name, tax_id)
    SELECT 'Empresa de prueba ' || g, (900100000 + g)::text || '-' || (g % 10)
    FROM generate_series(1, ${COMPANIES}) AS g`);
  // Every tenth user a company administrator, every fiftieth inactive; no passwords (invited).
  await database.db.execute(sql`
    WITH bench_companies AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS slot FROM companies WHERE id <> 1
    )
    INSERT INTO users (company_id, role_id, name, last_name, email, phone, id_type, id_number, status)
    SELECT c.id,
           CASE WHEN g % 10 = 0 THEN 21 ELSE 22 END,
           'Nombre' || g,
           'Apellido de prueba ' || g,
           'usuario' || g || '@bench.test',
           '+57 300 ' || lpad(g::text, 7, '0'),
           'CC',
           (1000000000 + g)::text,
           CASE WHEN g % 50 = 0 THEN 'inactive' ELSE 'active' END
    FROM generate_series(1, ${count}) AS g
    JOIN bench_companies c ON c.slot = g % ${COMPANIES}`);
  const [row] = await queryRows<{ total: number }>(
    database.db,
    sql`SELECT count(*)::int AS total FROM users`,
  );
  process.stdout.write(`${row?.total ?? '?'} usuarios\n`);
} finally {
  await database.close();
}
