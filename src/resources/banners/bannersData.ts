import type { z } from 'zod';
import { endpoints } from '../../../contract';
import type { bannerAudience, bannerKind, bannerStatus } from '../../../contract/endpoints/banner';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import type { FormValues } from '../../framework/common/formValues';
import { dateText, endOfDayText, idOrNull, textOrNull } from '../../framework/common/formValues';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

type BannerKind = z.output<typeof bannerKind>;
type BannerAudience = z.output<typeof bannerAudience>;
type BannerStatus = z.output<typeof bannerStatus>;

/** The image a form holds once a file was picked (BannerImageInput); absent: keep the stored one. */
export type BannerImageValue = { filename: string; content_base64: string; preview: string };

/** The banner form's values as the body of save_banner / update_banner. */
export function bannerBody(data: FormValues) {
  const kind = data.kind as BannerKind;
  const audience = data.audience as BannerAudience;
  const image = data.image as BannerImageValue | null | undefined;
  return {
    kind,
    title: String(data.title ?? '').trim(),
    body: textOrNull(data.body),
    // A text banner has no image; an image banner keeps its stored image unless a new one was picked.
    image:
      kind === 'image' && image ? { filename: image.filename, content_base64: image.content_base64 } : null,
    link_url: textOrNull(data.link_url),
    audience,
    company_id: audience === 'company' ? idOrNull(data.company_id) : null,
    starts_at: dateText(data.starts_at),
    ends_at: endOfDayText(data.ends_at),
    status: (data.status ?? 'active') as BannerStatus,
  };
}

const LIST_OPTIONS = listOptionsOf(endpoints.listBanners);

/** Banners (SPEC §7.2 Banner): get_banners, get_banner, save_banner, update_banner, delete_banner. */
export const bannersData = {
  getList: {
    endpoint: 'listBanners',
    toInput: (params) => listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listBanners'>,
  },
  getOne: { endpoint: 'getBanner', toInput: ({ id }) => ({ bannerId: Number(id) }) },
  create: { endpoint: 'createBanner', toInput: ({ data }) => ({ body: bannerBody(data) }) },
  update: {
    endpoint: 'updateBanner',
    toInput: ({ id, data }) => ({ body: { ...bannerBody(data), id: Number(id) } }),
  },
  delete: { endpoint: 'deleteBanner', toInput: ({ id }) => ({ bannerId: Number(id) }) },
} satisfies ResourceDataDeclaration;
