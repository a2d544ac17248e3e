import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import type { ResourceDeclaration } from '../types';
import { bannersData } from './bannersData';

/**
 * Banners (SPEC §7.2 Banner). The screen is the fixed route admin.banner.items-crud
 * (/list-banner/banner, BannerListPage); active banners show on home (HomeBanners).
 */
export const banners = {
  name: 'banners',
  icon: CampaignOutlinedIcon,
  recordRepresentation: 'title',
  data: bannersData,
} satisfies ResourceDeclaration;

export { BannerListPage } from './BannerListPage';
export { HomeBanners } from './HomeBanners';
