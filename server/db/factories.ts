import { eq } from 'drizzle-orm';
import { ROLE } from '../../contract/permissions.js';
import { sanitizeRichText } from '../html/sanitize.js';
import { hashPassword } from '../security/passwords.js';
import type { Db } from './client.js';
import {
  banners,
  companies,
  documentTemplates,
  documentTemplateVersions,
  documentTypes,
  downloadRequests,
  helpArticles,
  notifications,
  planAssignments,
  plans,
  rolePermissions,
  roles,
  userGroupMembers,
  userGroups,
  users,
} from './schema/index.js';

/** Record makers shared by the demo seed, the API tests and the end-to-end setup. */

export type NewCompany = {
  fiscalName: string;
  taxId: string;
  parentId?: number;
  storageCapacityBytes?: number;
  storageUsedBytes?: number;
  supportPhone?: string;
  supportWhatsapp?: string;
  supportEmail?: string;
};

export async function createCompany(db: Db, input: NewCompany): Promise<number> {
  const [row] = await db.insert(companies).values(input).returning({ id: companies.id });
  return row!.id;
}

export type NewUser = {
  companyId: number;
  roleId?: number;
  name: string;
  lastName: string;
  email: string;
  password?: string;
  status?: 'active' | 'inactive' | 'locked';
  twoFactorEnabled?: boolean;
};

export async function createUser(db: Db, input: NewUser): Promise<number> {
  const { password, ...rest } = input;
  const [row] = await db
    .insert(users)
    .values({
      ...rest,
      email: input.email.toLowerCase(),
      roleId: input.roleId ?? ROLE.operator,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A role with exactly these permissions (tests use it for "lacks the permission" and "holds all"). */
export async function createRole(
  db: Db,
  input: { id: number; name: string; permissions: readonly string[] },
) {
  await db.insert(roles).values({ id: input.id, name: input.name }).onConflictDoNothing();
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, input.id));
  if (input.permissions.length) {
    await db
      .insert(rolePermissions)
      .values(input.permissions.map((permission) => ({ roleId: input.id, permission })));
  }
  return input.id;
}

export type NewPlan = {
  name: string;
  /** Null or absent: unlimited signatures. */
  signatures?: number | null;
  priceUsd?: string;
  validityDays?: number;
  status?: 'active' | 'inactive';
};

export async function createPlan(db: Db, input: NewPlan): Promise<number> {
  const [row] = await db
    .insert(plans)
    .values({ ...input, validityDays: input.validityDays ?? 365 })
    .returning({ id: plans.id });
  return row!.id;
}

export type NewAssignment = {
  companyId: number;
  planId: number;
  startsAt?: Date;
  /** Defaults to startsAt plus the plan's validity. */
  expiredAt?: Date;
  unitsTotal?: number | null;
  unitsUsed?: number;
  createdBy?: number;
};

/** Sells a plan to a company: a package from `startsAt` (default now) to `expiredAt`. */
export async function assignPlan(db: Db, input: NewAssignment): Promise<number> {
  const startsAt = input.startsAt ?? new Date();
  let expiredAt = input.expiredAt;
  if (!expiredAt) {
    const [plan] = await db
      .select({ days: plans.validityDays })
      .from(plans)
      .where(eq(plans.id, input.planId));
    expiredAt = new Date(startsAt.getTime() + (plan?.days ?? 365) * 86_400_000);
  }
  const [row] = await db
    .insert(planAssignments)
    .values({ ...input, startsAt, expiredAt })
    .returning({ id: planAssignments.id });
  return row!.id;
}

export type NewUserGroup = { companyId: number; name: string; description?: string; userIds?: number[] };

/** A group of a company's users, with its members. */
export async function createUserGroup(db: Db, input: NewUserGroup): Promise<number> {
  const { userIds = [], ...group } = input;
  const [row] = await db.insert(userGroups).values(group).returning({ id: userGroups.id });
  if (userIds.length) {
    await db.insert(userGroupMembers).values(userIds.map((userId) => ({ groupId: row!.id, userId })));
  }
  return row!.id;
}

export type NewDocumentType = {
  companyId: number;
  name: string;
  code?: string;
  description?: string;
  status?: 'active' | 'inactive';
};

export async function createDocumentType(db: Db, input: NewDocumentType): Promise<number> {
  const [row] = await db.insert(documentTypes).values(input).returning({ id: documentTypes.id });
  return row!.id;
}

export type NewDocumentTemplate = {
  companyId: number;
  documentTypeId: number;
  name: string;
  /** Already sanitised template HTML of version 1. */
  html?: string;
  fields?: unknown[];
};

/** A template with its version 1; returns both ids. */
export async function createDocumentTemplate(
  db: Db,
  input: NewDocumentTemplate,
): Promise<{ templateId: number; versionId: number }> {
  const [template] = await db
    .insert(documentTemplates)
    .values({ companyId: input.companyId, documentTypeId: input.documentTypeId, name: input.name })
    .returning({ id: documentTemplates.id });
  const [version] = await db
    .insert(documentTemplateVersions)
    .values({
      templateId: template!.id,
      companyId: input.companyId,
      number: 1,
      html: input.html ?? '<p>Contrato de prueba</p>',
      page: { paper: 'letter', margins: { top: 25, right: 25, bottom: 25, left: 25 }, pageNumbers: true },
      fields: input.fields ?? [],
    })
    .returning({ id: documentTemplateVersions.id });
  return { templateId: template!.id, versionId: version!.id };
}

export type NewDownloadRequest = {
  companyId: number;
  requestedBy?: number;
  scope?: 'users' | 'branches' | 'all';
  status?: 'pending' | 'processing' | 'ready' | 'failed';
};

/** A request to download a company's data (its job is not queued: tests drive that through the API). */
export async function createDownloadRequest(db: Db, input: NewDownloadRequest): Promise<number> {
  const [row] = await db
    .insert(downloadRequests)
    .values({ ...input, scope: input.scope ?? 'all' })
    .returning({ id: downloadRequests.id });
  return row!.id;
}

export type NewTextBanner = {
  title: string;
  body: string;
  audience?: 'all' | 'administrators' | 'company';
  companyId?: number;
  startsAt: Date;
  endsAt: Date;
  status?: 'active' | 'inactive';
};

/** A text banner (image banners go through the API, which puts the image in the file storage). */
export async function createTextBanner(db: Db, input: NewTextBanner): Promise<number> {
  const [row] = await db
    .insert(banners)
    .values({ ...input, kind: 'text', audience: input.audience ?? 'all' })
    .returning({ id: banners.id });
  return row!.id;
}

export type NewNotification = {
  title: string;
  /** Rich text; sanitised here as the API would. */
  body: string;
  audience?: 'all' | 'company' | 'user';
  companyId?: number;
  userId?: number;
  /** Published at this moment; absent: a draft. */
  publishedAt?: Date;
};

export async function createNotification(db: Db, input: NewNotification): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      ...input,
      body: sanitizeRichText(input.body),
      audience: input.audience ?? 'all',
      status: input.publishedAt ? 'published' : 'draft',
    })
    .returning({ id: notifications.id });
  return row!.id;
}

export type NewHelpArticle = {
  title: string;
  category?: string;
  /** Rich text; sanitised here as the API would. */
  bodyHtml: string;
  position?: number;
  status?: 'draft' | 'published';
};

export async function createHelpArticle(db: Db, input: NewHelpArticle): Promise<number> {
  const status = input.status ?? 'published';
  const [row] = await db
    .insert(helpArticles)
    .values({
      ...input,
      bodyHtml: sanitizeRichText(input.bodyHtml),
      status,
      publishedAt: status === 'published' ? new Date() : null,
    })
    .returning({ id: helpArticles.id });
  return row!.id;
}
