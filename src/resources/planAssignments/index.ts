import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { createElement } from 'react';
import { DateInput } from 'react-admin';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { defineResource } from '../../framework/defineResource';
import { choicesOfStyles } from '../../framework/fieldParts';
import type { ResourceDeclaration } from '../../framework/resourceDeclaration';
import { PlansPage } from '../plans/PlansPage';
import { ASSIGNMENT_STATUS_STYLES } from '../plans/planStyles';
import { AssignmentDetails, UnitsUsage } from './AssignmentDetails';
import { AssignPlanButton } from './AssignPlanButton';
import { PlanFilterInput } from './PlanFilterInput';
import { assignmentExportBody, planAssignmentsData, planTransactionsData } from './planAssignmentsData';

const planFilter = createElement(PlanFilterInput, { source: 'plan_id', alwaysOn: true });

/**
 * Packages assigned to companies (SPEC §2.1 admin.plans.items-crud, /user/plans, menu "Historial de
 * paquetes"): the first tab of PlansPage, beside the plan catalogue. "Asignar plan" creates one
 * (save_package_plan_assignment); assignments are never edited or deleted.
 */
export const planAssignments = defineResource({
  name: 'plan_assignments',
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: 'plan_name',
  data: planAssignmentsData,
  // Export uses the list's permission (export_packages_assignments requires the same one).
  screens: {
    route: { name: 'admin.plans.items-crud', path: '/user/plans' },
    title: 'app.platform.plans.tab_assignments',
    subtitle: 'app.platform.plans.subtitle',
    dialogTitles: { show: 'app.platform.plans.assignment_details' },
    dialogWidth: 'md',
    search: 'app.platform.common.search',
    sort: { field: 'starts_at', order: 'DESC' },
    fields: {
      company_id: {
        column: true,
        filter: createElement(CompanySelectInput, { source: 'company_id', alwaysOn: true }),
      },
      plan_name: { column: true },
      plan_id: { filter: planFilter },
      starts_at: { kind: 'date', column: { noWrap: true } },
      expired_at: { kind: 'date', column: { noWrap: true } },
      units_used: {
        column: true,
        render: (record) =>
          createElement(UnitsUsage, { used: record.units_used ?? 0, total: record.units_total ?? null }),
      },
      status: {
        choices: choicesOfStyles(ASSIGNMENT_STATUS_STYLES),
        column: { sortable: false },
        filter: true,
      },
    },
    phone: { primary: 'company_id', secondary: ['plan_name', 'status'] },
    actions: ['show'],
    export: {
      endpoint: 'exportAssignments',
      filename: 'paquetes-asignados.xlsx',
      toBody: assignmentExportBody,
    },
    overrides: {
      details: createElement(AssignmentDetails),
      filters: [
        createElement(DateInput, { key: 'date_from', source: 'date_from' }),
        createElement(DateInput, { key: 'date_to', source: 'date_to' }),
      ],
      toolbarExtra: createElement(AssignPlanButton),
      page: () => createElement(PlansPage),
    },
  },
});

/** Unit movements of a package (get_packages_transactions), listed in its details. Read-only. */
export const planTransactions = {
  name: 'plan_transactions',
  recordRepresentation: 'reference',
  data: planTransactionsData,
} satisfies ResourceDeclaration;
