import type { HandlersOf } from '../../http/handlers.js';
import {
  createBanner,
  deleteBanner,
  getBanner,
  listActiveBanners,
  listBanners,
  updateBanner,
} from './banners.service.js';

export const bannersHandlers: HandlersOf<
  'createBanner' | 'listBanners' | 'getBanner' | 'listActiveBanners' | 'updateBanner' | 'deleteBanner'
> = {
  createBanner: async ({ deps, actor, body }) => ({
    data: await createBanner(deps, actor, body),
    message: 'Banner creado correctamente',
  }),
  listBanners: async ({ deps, query }) => ({ data: await listBanners(deps, query) }),
  getBanner: async ({ deps, params }) => ({ data: await getBanner(deps, params.bannerId) }),
  listActiveBanners: async ({ deps, actor }) => ({ data: await listActiveBanners(deps, actor) }),
  updateBanner: async ({ deps, body }) => ({
    data: await updateBanner(deps, body),
    message: 'Banner actualizado correctamente',
  }),
  deleteBanner: async ({ deps, params }) => ({
    data: await deleteBanner(deps, params.bannerId),
    message: 'Banner eliminado correctamente',
  }),
};
