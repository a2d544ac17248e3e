import type { ValueChipStyles } from '../../framework/common/ValueChip';

export const ASSIGNMENT_STATUS_STYLES: ValueChipStyles = {
  scheduled: { label: 'app.platform.plans.status_scheduled', color: 'info' },
  active: { label: 'app.platform.plans.status_active', color: 'success' },
  expired: { label: 'app.platform.plans.status_expired' },
};

export const TRANSACTION_KIND_STYLES: ValueChipStyles = {
  consumption: { label: 'app.platform.plans.kind_consumption', color: 'warning' },
  credit: { label: 'app.platform.plans.kind_credit', color: 'success' },
  adjustment: { label: 'app.platform.plans.kind_adjustment', color: 'info' },
};
