import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { createElement } from 'react';
import { ACTIVE_STATUS_STYLES } from '../../framework/common/ValueChip';
import { defineResource } from '../../framework/defineResource';
import { choicesOfStyles } from '../../framework/fieldParts';
import { PlanDetails, PlanPriceText, PlanSignaturesText, PlanValidityText } from './PlanDetails';
import { NEW_PLAN_DEFAULTS, PlanInputs } from './PlanInputs';
import { plansData } from './plansData';

/**
 * Signature plans (SPEC §7.2 Plans): the second tab of /user/plans (PlansPage, served by
 * plan_assignments), beside the packages assigned to companies.
 */
export const plans = defineResource({
  name: 'plans',
  icon: WorkspacePremiumOutlinedIcon,
  recordRepresentation: 'name',
  data: plansData,
  screens: {
    route: { name: 'admin.plans.items-crud', path: '/user/plans' },
    partOf: 'plan_assignments',
    title: 'app.platform.plans.tab_plans',
    subtitle: 'app.platform.plans.subtitle',
    dialogTitles: {
      create: 'app.platform.plans.create',
      edit: 'app.platform.plans.edit',
      show: 'app.platform.plans.show',
    },
    search: 'app.platform.common.search',
    sort: { field: 'name', order: 'ASC' },
    fields: {
      name: { column: true },
      signatures: { column: true, render: () => createElement(PlanSignaturesText) },
      price_usd: {
        kind: 'number',
        column: { align: 'right', noWrap: true },
        render: () => createElement(PlanPriceText),
      },
      validity_days: {
        column: { align: 'right', noWrap: true },
        render: () => createElement(PlanValidityText),
      },
      status: {
        choices: choicesOfStyles(ACTIVE_STATUS_STYLES),
        column: { sortable: false },
        filter: true,
      },
      assignments_count: { column: { sortable: false, align: 'right' } },
    },
    phone: { primary: 'name', secondary: ['signatures', 'price_usd', 'status'] },
    actions: ['show', 'update', 'delete'],
    createDefaults: NEW_PLAN_DEFAULTS,
    overrides: { inputs: createElement(PlanInputs), details: createElement(PlanDetails) },
  },
});

export { PlansPage } from './PlansPage';
