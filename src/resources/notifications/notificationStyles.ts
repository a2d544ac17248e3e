import type { ValueChipStyles } from '../../framework/common/ValueChip';

export const NOTIFICATION_AUDIENCE_STYLES: ValueChipStyles = {
  all: { label: 'app.platform.common.audience_all' },
  company: { label: 'app.platform.common.audience_company' },
  user: { label: 'app.platform.common.audience_user' },
};
