import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { createElement } from 'react';
import { ACTIVE_STATUS_STYLES } from '../../framework/common/ValueChip';
import { defineResource } from '../../framework/defineResource';
import { choicesOfStyles } from '../../framework/fieldParts';
import { BannerDetails } from './BannerDetails';
import { BannerInputs, newBannerDefaults } from './BannerInputs';
import { BannerTitleCell } from './BannerTitleCell';
import { BANNER_AUDIENCE_STYLES, BANNER_KIND_STYLES, BANNER_ON_SCREEN_STYLES } from './bannerStyles';
import { bannersData } from './bannersData';

/**
 * Banners (SPEC §2.1 admin.banner.items-crud, /list-banner/banner); active banners show on home
 * (HomeBanners). The form is BannerInputs: its image and company inputs follow the kind and audience.
 */
export const banners = defineResource({
  name: 'banners',
  icon: CampaignOutlinedIcon,
  recordRepresentation: 'title',
  data: bannersData,
  screens: {
    route: { name: 'admin.banner.items-crud', path: '/list-banner/banner' },
    title: 'app.platform.banners.title',
    subtitle: 'app.platform.banners.subtitle',
    dialogTitles: {
      create: 'app.platform.banners.create',
      edit: 'app.platform.banners.edit',
      show: 'app.platform.banners.show',
    },
    search: 'app.platform.common.search',
    sort: { field: 'starts_at', order: 'DESC' },
    fields: {
      title: { column: true, render: () => createElement(BannerTitleCell) },
      kind: {
        choices: choicesOfStyles(BANNER_KIND_STYLES),
        column: { sortable: false },
        filter: true,
      },
      audience: {
        choices: choicesOfStyles(BANNER_AUDIENCE_STYLES),
        column: { sortable: false },
        filter: true,
      },
      starts_at: { kind: 'date', column: { noWrap: true } },
      ends_at: { kind: 'date', column: { noWrap: true } },
      status: {
        choices: choicesOfStyles(ACTIVE_STATUS_STYLES),
        column: { sortable: false },
        filter: true,
      },
      active_now: {
        kind: 'choice',
        choices: choicesOfStyles(BANNER_ON_SCREEN_STYLES),
        column: { sortable: false },
        filter: true,
      },
    },
    phone: { primary: 'title', secondary: ['kind', 'status', 'active_now'] },
    actions: ['show', 'update', 'delete'],
    createDefaults: newBannerDefaults(),
    overrides: { inputs: createElement(BannerInputs), details: createElement(BannerDetails) },
  },
});

export { HomeBanners } from './HomeBanners';
