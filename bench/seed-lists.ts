// Seeds a database for bench/lists.bench.mjs: the platform (migrations, base seed, administrator),
// N companies (one in five a branch of the one before it), N users and N signature requests (two
// signers each) spread over them, in INSERT … SELECT generate_series statements, then VACUUM ANALYZE. PostgreSQL when a URL is given,
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
  // Signature requests over the seeded companies (newest last), each with two signers, for the
  // request history (documents_sign_requests_list).
  await database.db.execute(sql`
    INSERT INTO signature_requests (company_id, source, title, status, signing_order, expires_at,
                                    validation_code, created_at, updated_at)
    SELECT 2 + (g * 7919) % ${count}, 'single',
           (ARRAY['Contrato de arriendo','Acuerdo de confidencialidad','Otrosí laboral','Pagaré'])[1 + g % 4] || ' ' || g,
           (ARRAY['in_progress','completed','completed','rejected','cancelled','expired'])[1 + g % 6],
           'sequential', now() + interval '30 days',
           'B' || lpad(g::text, 4, '0') || '-' || lpad((g % 9973)::text, 4, '0') || '-' || lpad((g % 7919)::text, 4, '0'),
           now() - (${count} - g) * interval '1 minute', now()
    FROM generate_series(1, ${count}) AS g`);
  await database.db.execute(sql`
    INSERT INTO signature_request_signers (request_id, company_id, number, turn, name, email, token_hash, status)
    SELECT r.id, r.company_id, n, n,
           (ARRAY['Ana','Luis','Marta','Jorge','Sofía','Camilo'])[1 + (r.id + n) % 6] || ' Firmante ' || r.id,
           'firmante' || r.id || '-' || n || '@bench.test',
           md5(r.id::text || '-' || n::text), 'invited'
    FROM signature_requests r CROSS JOIN generate_series(1, 2) AS n`);
  // As autovacuum would on a live server: statistics, and the visibility map index-only scans need.
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`${count} empresas, ${count} usuarios y ${count} solicitudes de firma`);
} finally {
  await database.close();
}
