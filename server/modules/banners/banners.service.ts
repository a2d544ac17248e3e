import { and, count, eq, gt, ilike, isNull, lte, not, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { banner as bannerEndpoints, type bannerRecord } from '../../../contract/endpoints/banner.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { banners, companies } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { readAll } from '../../storage/storage.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';
import { decodeBannerImage, mimeOfKey, newBannerImageKey } from './bannerImage.js';

export type BannerRecord = z.output<typeof bannerRecord>;
type Kind = 'image' | 'text';
type Audience = 'all' | 'administrators' | 'company';
type Status = 'active' | 'inactive';

export type BannerInput = {
  kind: Kind;
  title: string;
  body?: string | null;
  image?: { filename: string; content_base64: string } | null;
  link_url?: string | null;
  audience: Audience;
  company_id?: number | null;
  starts_at: Date;
  ends_at: Date;
  status: Status;
};

export type BannerListInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  kind?: Kind;
  audience?: Audience;
  company_id?: number;
  status?: Status;
  active_now?: 'true' | 'false';
  sort?: SortKeyOf<typeof bannerEndpoints.listBanners>;
  order?: 'ASC' | 'DESC';
};

/** Permissions that make a user one of the "administrators" audience (the Administración menu). */
const ADMINISTRATOR_PERMISSIONS = ['admin.list', 'administration.list'] as const;

const SORT_COLUMNS = sortColumnsOf(bannerEndpoints.listBanners, banners);

const columns = {
  id: banners.id,
  kind: banners.kind,
  title: banners.title,
  body: banners.body,
  imageKey: banners.imageKey,
  linkUrl: banners.linkUrl,
  audience: banners.audience,
  companyId: banners.companyId,
  companyName: companies.fiscalName,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  status: banners.status,
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
};

const selectBanners = (deps: Deps) =>
  deps.database.db.select(columns).from(banners).leftJoin(companies, eq(companies.id, banners.companyId));

type BannerRow = Awaited<ReturnType<ReturnType<typeof selectBanners>['execute']>>[number];

const showingAt = (now: Date): SQL =>
  and(eq(banners.status, 'active'), lte(banners.startsAt, now), gt(banners.endsAt, now)) as SQL;

async function toRecord(deps: Deps, row: BannerRow, now: Date): Promise<BannerRecord> {
  const image = row.imageKey ? await readAll(deps.storage, row.imageKey) : null;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    image_url:
      image && row.imageKey ? `data:${mimeOfKey(row.imageKey)};base64,${image.toString('base64')}` : null,
    link_url: row.linkUrl,
    audience: row.audience,
    company_id: row.companyId,
    company_name: row.companyName,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    active_now: row.status === 'active' && row.startsAt <= now && row.endsAt > now,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toRecords = (deps: Deps, rows: BannerRow[]) => {
  const now = deps.clock.now();
  return Promise.all(rows.map((row) => toRecord(deps, row, now)));
};

/** Every banner (administration), searched by title, filtered, sorted and paginated. */
export async function listBanners(deps: Deps, input: BannerListInput) {
  const now = deps.clock.now();
  const where = and(
    input.search ? ilike(banners.title, likePattern(input.search)) : undefined,
    input.kind ? eq(banners.kind, input.kind) : undefined,
    input.audience ? eq(banners.audience, input.audience) : undefined,
    input.company_id ? eq(banners.companyId, input.company_id) : undefined,
    input.status ? eq(banners.status, input.status) : undefined,
    input.active_now === 'true'
      ? showingAt(now)
      : input.active_now === 'false'
        ? not(showingAt(now))
        : undefined,
  );
  const [totalRow] = await deps.database.db.select({ total: count() }).from(banners).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await selectBanners(deps)
    .where(where)
    .orderBy(
      ...orderFor(SORT_COLUMNS, banners.id, input.sort, 'id', input.order ?? (input.sort ? 'ASC' : 'DESC')),
    )
    .limit(limit)
    .offset(offset);
  return { items: await toRecords(deps, rows), total: Number(totalRow?.total ?? 0) };
}

export async function getBanner(deps: Deps, bannerId: number): Promise<BannerRecord> {
  const [row] = await selectBanners(deps).where(eq(banners.id, bannerId));
  if (!row) throw notFound();
  return toRecord(deps, row, deps.clock.now());
}

/**
 * The banners the home screen shows the caller now: active, between their dates, and meant for
 * everyone, for administrators (when the caller is one) or for the caller's own company.
 */
export async function listActiveBanners(deps: Deps, actor: Actor) {
  const isAdministrator = ADMINISTRATOR_PERMISSIONS.some((permission) => actor.permissions.has(permission));
  const rows = await selectBanners(deps)
    .where(
      and(
        showingAt(deps.clock.now()),
        or(
          eq(banners.audience, 'all'),
          isAdministrator ? eq(banners.audience, 'administrators') : undefined,
          and(eq(banners.audience, 'company'), eq(banners.companyId, actor.companyId)),
        ),
      ),
    )
    .orderBy(banners.startsAt, banners.id);
  return { items: await toRecords(deps, rows), total: rows.length };
}

const problem = (errors: Record<string, string>) => unprocessable('Revise los datos del banner', errors);

/** Rules across fields, checked on the record as it would be saved. */
async function checkBanner(deps: Deps, banner: BannerInput, hasStoredImage: boolean): Promise<void> {
  const errors: Record<string, string> = {};
  if (banner.starts_at >= banner.ends_at) {
    errors.ends_at = 'La fecha de fin debe ser posterior a la fecha de inicio';
  }
  if (banner.kind === 'image' && !banner.image && !hasStoredImage)
    errors.image = 'Adjunte la imagen del banner';
  if (banner.kind === 'text' && !banner.body) errors.body = 'Escriba el texto del banner';
  if (banner.audience === 'company' && !banner.company_id) errors.company_id = 'Seleccione la empresa';
  if (Object.keys(errors).length) throw problem(errors);
  if (banner.audience === 'company' && banner.company_id) {
    const [company] = await deps.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, banner.company_id), isNull(companies.deletedAt)));
    if (!company) throw problem({ company_id: 'La empresa no existe' });
  }
}

/** Stores a new image first; the caller removes it if the row that names it is not saved. */
async function storeImage(deps: Deps, image: BannerInput['image']): Promise<string | null> {
  if (!image) return null;
  const { bytes, type } = await decodeBannerImage(image.content_base64);
  const key = newBannerImageKey(type);
  await deps.storage.put(key, bytes);
  return key;
}

async function discardImage(deps: Deps, key: string | null): Promise<void> {
  if (!key) return;
  await deps.storage.delete(key).catch((error: unknown) => {
    deps.logger.warn({ err: error, key }, 'No se pudo borrar la imagen de un banner');
  });
}

const columnsOf = (banner: BannerInput) => ({
  kind: banner.kind,
  title: banner.title,
  body: banner.body || null,
  linkUrl: banner.link_url ?? null,
  audience: banner.audience,
  companyId: banner.audience === 'company' ? (banner.company_id ?? null) : null,
  startsAt: banner.starts_at,
  endsAt: banner.ends_at,
  status: banner.status,
});

export async function createBanner(deps: Deps, actor: Actor, input: BannerInput): Promise<BannerRecord> {
  await checkBanner(deps, input, false);
  const imageKey = input.kind === 'image' ? await storeImage(deps, input.image) : null;
  try {
    const [row] = await deps.database.db
      .insert(banners)
      .values({ ...columnsOf(input), imageKey, createdBy: actor.impersonatorUserId ?? actor.userId })
      .returning({ id: banners.id });
    return await getBanner(deps, row!.id);
  } catch (error) {
    await discardImage(deps, imageKey);
    throw error;
  }
}

/** Applies the changes sent; a new image replaces the old one, and a text banner keeps none. */
export async function updateBanner(
  deps: Deps,
  input: Partial<BannerInput> & { id: number },
): Promise<BannerRecord> {
  const { db } = deps.database;
  const [stored] = await db.select().from(banners).where(eq(banners.id, input.id));
  if (!stored) throw notFound();
  const merged: BannerInput = {
    kind: input.kind ?? stored.kind,
    title: input.title ?? stored.title,
    body: input.body === undefined ? stored.body : input.body,
    image: input.image,
    link_url: input.link_url === undefined ? stored.linkUrl : input.link_url,
    audience: input.audience ?? stored.audience,
    company_id: input.company_id === undefined ? stored.companyId : input.company_id,
    starts_at: input.starts_at ?? stored.startsAt,
    ends_at: input.ends_at ?? stored.endsAt,
    status: input.status ?? stored.status,
  };
  await checkBanner(deps, merged, stored.imageKey !== null);
  const newKey = merged.kind === 'image' ? await storeImage(deps, merged.image) : null;
  const imageKey = merged.kind === 'text' ? null : (newKey ?? stored.imageKey);
  try {
    await db
      .update(banners)
      .set({ ...columnsOf(merged), imageKey, updatedAt: deps.clock.now() })
      .where(eq(banners.id, input.id));
  } catch (error) {
    await discardImage(deps, newKey);
    throw error;
  }
  if (stored.imageKey && stored.imageKey !== imageKey) await discardImage(deps, stored.imageKey);
  return getBanner(deps, input.id);
}

export async function deleteBanner(deps: Deps, bannerId: number): Promise<{ id: number }> {
  const [deleted] = await deps.database.db
    .delete(banners)
    .where(eq(banners.id, bannerId))
    .returning({ id: banners.id, imageKey: banners.imageKey });
  if (!deleted) throw notFound();
  await discardImage(deps, deleted.imageKey);
  return { id: deleted.id };
}
