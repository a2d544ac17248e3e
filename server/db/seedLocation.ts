import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { IDENTIFICATION_TYPES } from '../../contract/identificationTypes.js';
import { projectRoot } from '../paths.js';
import type { Db } from './client.js';
import { cities, departments, identificationTypes } from './schema/index.js';

type Municipality = { id: number; departmentId: number; department: string; name: string };

/** DANE's DIVIPOLA list shipped with the code: municipality code, department code, names. */
export function readDivipola(): Municipality[] {
  const file = join(projectRoot(), 'server', 'db', 'data', 'divipola-co.tsv');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [code, departmentCode, department, name] = line.split('\t') as [string, string, string, string];
      return { id: Number(code), departmentId: Number(departmentCode), department, name };
    });
}

/** Departments, municipalities and identification types, loaded once (idempotent). */
export async function seedLocation(db: Db): Promise<void> {
  await db
    .insert(identificationTypes)
    .values(IDENTIFICATION_TYPES.map((type, position) => ({ ...type, position })))
    .onConflictDoNothing();
  const [loaded] = await db.select({ total: count() }).from(cities);
  if (Number(loaded?.total ?? 0) > 0) return;
  const municipalities = readDivipola();
  const byCode = new Map(municipalities.map((row) => [row.departmentId, row.department]));
  await db
    .insert(departments)
    .values([...byCode].map(([id, name]) => ({ id, name, countryCode: 'CO' })))
    .onConflictDoNothing();
  for (let start = 0; start < municipalities.length; start += 500) {
    await db
      .insert(cities)
      .values(
        municipalities
          .slice(start, start + 500)
          .map(({ id, departmentId, name }) => ({ id, departmentId, name })),
      )
      .onConflictDoNothing();
  }
}
