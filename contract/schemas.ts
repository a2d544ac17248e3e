import { z } from 'zod';
import { PERMISSIONS } from './permissions.js';

/** Reusable building blocks of request and reply schemas. */
export const id = z.coerce.number().int().positive();
export const page = z.coerce.number().int().min(1);
export const itemsPerPage = z.coerce.number().int().min(1).max(100);
export const email = z.string().trim().toLowerCase().email().max(254);
export const nonEmpty = (max = 255) => z.string().trim().min(1).max(max);
export const permission = z.enum(PERMISSIONS);

export const userStatus = z.enum(['active', 'inactive', 'locked']);
export const companyStatus = z.enum(['active', 'inactive']);

/** The authenticated user as SPEC §3 lists it. */
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
});
export type AuthenticatedUser = z.output<typeof authenticatedUser>;

/** A page of a list, for react-admin's getList. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number() });

export const empty = z.object({});
