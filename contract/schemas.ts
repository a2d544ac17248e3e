import { z } from 'zod';
import { refuseUndisplayable } from './documentText.js';
import { PERMISSIONS } from './permissions.js';
import { VALIDATION_MESSAGES, withoutControlCharacters } from './validation.js';

/** Reusable building blocks of request and reply schemas. */
export const id = z.coerce.number().int().positive();
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
