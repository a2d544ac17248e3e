import { z } from 'zod';
import { refuseUndisplayable } from './documentText.js';
import type { OwnedEntity } from './owners.js';
import { PERMISSIONS } from './permissions.js';
import { VALIDATION_MESSAGES, withoutControlCharacters } from './validation.js';

/** Reusable building blocks of request and reply schemas. */

/**
 * The largest PostgreSQL `integer`: no id of a `serial` table goes higher, and a larger one would
 * make the query that looks it up fail (a 500), so it is refused with the input instead.
 */
export const PG_INTEGER_MAX = 2_147_483_647;
export const id = z.coerce.number().int().positive().max(PG_INTEGER_MAX);
/** The id of a `bigserial` table (API keys, webhooks and their deliveries): any safe integer. */
export const bigId = z.coerce.number().int().positive();
export const page = z.coerce.number().int().min(1);
export const itemsPerPage = z.coerce.number().int().min(1).max(100);
export const email = z.string().trim().toLowerCase().email().max(254);
export const nonEmpty = (max = 255) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => withoutControlCharacters(text), { message: VALIDATION_MESSAGES.controlCharacter });
export const permission = z.enum(PERMISSIONS);

/**
 * What a schema says about its field beyond its zod type, read at runtime by the web app's
 * generated screens (src/framework/fieldKinds.ts) and by `crudEndpoints` (a reference's owner).
 * Set with `.meta()` as the schema's last call: zod keeps metadata on that instance only.
 */
export type FieldMeta =
  | { kind: 'money' }
  | { kind: 'longText' }
  | { kind: 'reference'; resource: string; entity?: OwnedEntity };

/** The field meta of a schema itself (not of what it wraps), if any. */
export const fieldMetaOf = (schema: z.ZodType): FieldMeta | undefined => {
  const meta = z.globalRegistry.get(schema) as { field?: FieldMeta } | undefined;
  return meta?.field;
};

type WrapperDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'];

/**
 * The schemas a field's schema is made of, outermost first, through optional, nullable, default
 * and pipes (a pipe's output first, then its input): where its meta and its base type are found.
 */
export function schemaLayers(schema: z.ZodType): z.ZodType[] {
  const def = (schema as unknown as { _zod: { def: WrapperDef } })._zod.def;
  if (WRAPPERS.includes(def.type) && def.innerType) return [schema, ...schemaLayers(def.innerType)];
  if (def.type === 'pipe' && def.in && def.out)
    return [schema, ...schemaLayers(def.out), ...schemaLayers(def.in)];
  return [schema];
}

/** The field meta a schema carries on any of its layers (`money().optional()` is money). */
export const fieldMetaIn = (schema: z.ZodType): FieldMeta | undefined =>
  schemaLayers(schema).map(fieldMetaOf).find(Boolean);

/** An amount of money (SPEC: US dollars, 2 decimals), stored and sent as a number. */
export const money = (max = 1_000_000_000_000) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, {
      message: 'Use como máximo 2 decimales',
    })
    .meta({ field: { kind: 'money' } satisfies FieldMeta });

/**
 * The id of a record of another resource (its web name, e.g. `'users'`). With `entity` (its owned
 * table in contract/owners.ts) `crudEndpoints` checks the id belongs to the caller's tenant.
 */
export const referenceTo = (resource: string, entity?: OwnedEntity) =>
  id.meta({ field: { kind: 'reference', resource, ...(entity ? { entity } : {}) } satisfies FieldMeta });

/** Free text long enough to be edited in a multi-line box (see `nonEmpty` for the rules). */
export const longText = (max = 5000) =>
  nonEmpty(max).meta({ field: { kind: 'longText' } satisfies FieldMeta });
/** Text that a document shows (names, titles): also refuses what the document fonts cannot draw. */
export const documentText = (max = 255) => nonEmpty(max).superRefine(refuseUndisplayable);

/**
 * `{ filename, content_base64 }` of a file sent in JSON (as react-admin's file input gives it):
 * a data: URL prefix is accepted and dropped, and 4 base64 characters carry 3 bytes, so the size
 * limit is checked before decoding. The server checks the bytes themselves, not the name.
 */
export const base64Upload = (maxBytes: number, messages: { tooLarge: string; base64: string }) => ({
  filename: nonEmpty(255),
  content_base64: z
    .string()
    .trim()
    .min(1)
    .transform((value) => value.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .max(Math.ceil(maxBytes / 3) * 4, { message: messages.tooLarge })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: messages.base64 }),
    ),
});

export const userStatus = z.enum(['active', 'inactive', 'locked']);
export const companyStatus = z.enum(['active', 'inactive']);

/** Password rule: 8 to 128 characters with at least one letter and one digit. */
export const newPassword = z
  .string()
  .min(8)
  .max(128)
  .regex(/[A-Za-zÁÉÍÓÚÑáéíóúñ]/, { message: 'Debe incluir al menos una letra' })
  .regex(/\d/, { message: 'Debe incluir al menos un número' });

/** A six-digit one-time code. */
export const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Ingrese el código de 6 dígitos' });

/** Support channels shown by the help dialog and the package pop-ups. */
export const supportContacts = z.object({
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
});
export type SupportContacts = z.output<typeof supportContacts>;

/** The authenticated user as SPEC §3 lists it, plus what the shell needs. */
export const authenticatedUser = z.object({
  id: z.number(),
  full_name: z.string(),
  role_name: z.string(),
  role_id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  company_avatar: z.string().nullable(),
  permissions: z.array(z.string()),
  isImpersonating: z.boolean(),
  /** Our additions: two-factor state, the company's enabled features and its support channels. */
  two_factor_enabled: z.boolean(),
  features: z.array(z.string()),
  support: supportContacts,
});
export type AuthenticatedUser = z.output<typeof authenticatedUser>;

/**
 * How far a list's `total` can be trusted. Absent: exact. Large lists stop counting some rows past
 * the page (server/modules/common/listing.ts): `at_least` — at least that many match;
 * `approximate` — the database's estimate of an unfiltered table.
 */
export const TOTAL_KINDS = ['at_least', 'approximate'] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

/** A page of a list, for react-admin's getList. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), total_kind: z.enum(TOTAL_KINDS).optional() });

export const empty = z.object({});
