import type { ValueChipStyles } from '../../framework/common/ValueChip';

export const BANNER_KIND_STYLES: ValueChipStyles = {
  image: { label: 'app.platform.banners.kind_image', color: 'info' },
  text: { label: 'app.platform.banners.kind_text' },
};

export const BANNER_AUDIENCE_STYLES: ValueChipStyles = {
  all: { label: 'app.platform.common.audience_all' },
  administrators: { label: 'app.platform.common.audience_administrators' },
  company: { label: 'app.platform.common.audience_company' },
};

export const BANNER_ON_SCREEN_STYLES: ValueChipStyles = {
  true: { label: 'app.platform.banners.showing_now', color: 'success' },
  false: { label: 'app.platform.banners.not_showing' },
};
