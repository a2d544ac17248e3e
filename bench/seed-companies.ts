// Seeds a PGlite DATA_DIR with the platform (migrations, base seed, administrator) and N companies,
// one in five a branch of the company before it, spread over the DANE departments and cities, so
// that bench/company-list.bench.mjs measures the list at scale. Run with tsx before the server starts:
//   tsx bench/seed-companies.ts <dataDir> <count> <adminEmail> <adminPassword>

import { sql } from 'drizzle-orm';
import { nitCheckDigit } from '../contract/nit.js';
import { openDatabase } from '../server/db/client.js';
import { applyMigrations } from '../server/db/migrate.js';
import { cities, companies } from '../server/db/schema/index.js';
import { seedBase } from '../server/db/seed.js';

const [dataDir, countText = '10000', email, password] = process.argv.slice(2);
if (!dataDir || !email || !password) {
  console.error('uso: tsx bench/seed-companies.ts <dataDir> <count> <adminEmail> <adminPassword>');
  process.exit(2);
}
const count = Number(countText);
const BATCH = 1000;

const database = await openDatabase({ dataDir });
try {
  await applyMigrations(database);
  await seedBase(database.db, { email, password });
  const places = await database.db.select({ id: cities.id, departmentId: cities.departmentId }).from(cities);
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + BATCH); index++) {
      const base = String(800_000_000 + index);
      const place = places[index % places.length]!;
      rows.push({
        fiscalName: `Empresa de prueba ${String(index).padStart(5, '0')} S.A.S.`,
        taxId: `${base}-${nitCheckDigit(base)}`,
        departmentId: place.departmentId,
        cityId: place.id,
        storageCapacityBytes: (index % 4) * 1024 ** 3,
        storageUsedBytes: (index % 7) * 100 * 1024 ** 2,
        status: index % 10 === 0 ? ('inactive' as const) : ('active' as const),
      });
    }
    await database.db.insert(companies).values(rows);
  }
  // Every fifth company becomes a branch of the one just before it (a top-level company).
  await database.db.execute(
    sql`UPDATE companies SET parent_id = id - 1 WHERE id > 2 AND id % 5 = 0 AND fiscal_name LIKE 'Empresa de prueba %'`,
  );
  console.log(`${count} empresas creadas en ${dataDir}`);
} finally {
  await database.close();
}
