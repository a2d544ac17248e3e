import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Departments (first-level divisions); ids are the official codes (DANE's for Colombia). */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey(),
    countryCode: text('country_code').notNull().default('CO'),
    name: text('name').notNull(),
  },
  (table) => [index('departments_country_idx').on(table.countryCode)],
);

/** Cities / municipalities; ids are the official codes (DANE DIVIPOLA for Colombia). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    name: text('name').notNull(),
  },
  (table) => [index('cities_department_idx').on(table.departmentId)],
);

/** Identity document types (CC, CE, NIT, TI, PP, PEP/PPT...). */
export const identificationTypes = pgTable(
  'identification_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    appliesTo: text('applies_to', { enum: ['person', 'company', 'both'] })
      .notNull()
      .default('person'),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('identification_types_code_unique').on(table.code)],
);
