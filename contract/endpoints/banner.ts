import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';
import { instant } from './plans.js';

const area = 'Banner';

/** Largest banner image, decoded. */
export const BANNER_IMAGE_MAX_BYTES = 1024 * 1024;

export const bannerKind = z.enum(['image', 'text']);
/** all: every user; administrators: users holding admin.list or administration.list; company: one company's users. */
export const bannerAudience = z.enum(['all', 'administrators', 'company']);
export const bannerStatus = z.enum(['active', 'inactive']);

export const bannerRecord = z.object({
  id: z.number(),
  kind: bannerKind,
  title: z.string(),
  /** The text of a text banner, or the caption of an image. */
  body: z.string().nullable(),
  /** The image as a data URL (PNG or JPEG), ready for an <img src>; null for a text banner. */
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  audience: bannerAudience,
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: bannerStatus,
  /** Active, and now is between its start and its end. */
  active_now: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A PNG or JPEG of at most 1 MB, base64 (a `data:` URL prefix is accepted and ignored). */
export const bannerImage = z.object({
  filename: nonEmpty(255),
  content_base64: z.string().trim().min(1).max(2_000_000),
});

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/i, { message: 'Ingrese una dirección web que empiece por https://' });

const bannerFields = z.object({
  kind: bannerKind,
  title: nonEmpty(150),
  body: z.string().trim().max(2000).nullable().optional(),
  /** Null or absent on update: keep the stored image. */
  image: bannerImage.nullable().optional(),
  link_url: httpUrl.nullable().optional(),
  audience: bannerAudience,
  company_id: id.nullable().optional(),
  starts_at: instant,
  ends_at: instant,
  status: bannerStatus,
});

const order = z.enum(['ASC', 'DESC']).optional();
const example = {
  kind: 'text',
  title: 'Mantenimiento programado',
  body: 'El sábado de 22:00 a 23:00 la plataforma no estará disponible.',
  audience: 'all',
  starts_at: '2026-01-01',
  ends_at: '2026-01-31',
  status: 'active',
};

export const banner = {
  createBanner: endpoint({
    method: 'POST',
    path: 'save_banner',
    summary: 'Crea un banner (imagen PNG/JPEG de hasta 1 MB, o texto) para una audiencia, entre dos fechas.',
    area,
    scope: 'global',
    permissions: ['banner.list'],
    body: bannerFields.extend({ status: bannerStatus.default('active') }),
    reply: bannerRecord,
    example: { body: example },
  }),
  listBanners: endpoint({
    method: 'GET',
    path: 'get_banners',
    summary: 'Todos los banners, con búsqueda por título, filtros, orden y paginación (administración).',
    area,
    scope: 'global',
    permissions: ['banner.list'],
    query: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      search: z.string().trim().max(200).optional(),
      kind: bannerKind.optional(),
      audience: bannerAudience.optional(),
      company_id: id.optional(),
      status: bannerStatus.optional(),
      /** true: only those showing now; false: only those not showing now. */
      active_now: z.enum(['true', 'false']).optional(),
      sort: z.enum(['id', 'title', 'starts_at', 'ends_at', 'created_at']).optional(),
      order,
    }),
    reply: paginated(bannerRecord),
  }),
  getBanner: endpoint({
    method: 'GET',
    path: 'get_banner/{bannerId}',
    summary: 'Un banner (administración).',
    area,
    scope: 'global',
    permissions: ['banner.list'],
    params: z.object({ bannerId: id }),
    reply: bannerRecord,
  }),
  listActiveBanners: endpoint({
    method: 'GET',
    path: 'active_banners',
    summary: 'Banners que la pantalla de inicio muestra ahora a quien consulta, según su audiencia.',
    area,
    scope: 'authenticated',
    permissions: [],
    reply: paginated(bannerRecord),
  }),
  updateBanner: endpoint({
    method: 'POST',
    path: 'update_banner',
    summary: 'Modifica un banner; una imagen nueva reemplaza la anterior.',
    area,
    scope: 'global',
    permissions: ['banner.list'],
    body: bannerFields.partial().extend({ id }),
    reply: bannerRecord,
    example: { body: { id: 1, title: 'Mantenimiento programado' } },
  }),
  deleteBanner: endpoint({
    method: 'DELETE',
    path: 'delete_banner/{bannerId}',
    summary: 'Elimina un banner y su imagen.',
    area,
    scope: 'global',
    permissions: ['banner.list'],
    params: z.object({ bannerId: id }),
    reply: z.object({ id: z.number() }),
  }),
} as const;
