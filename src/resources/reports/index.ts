import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { createElement } from 'react';
import { DateInput } from 'react-admin';
import type { ValueChipStyles } from '../../framework/common/ValueChip';
import { defineResource } from '../../framework/defineResource';
import { choicesOfStyles } from '../../framework/fieldParts';
import { REQUEST_STATUS_CHIPS } from '../../requests/history/requestHistoryText';
import { CompanyCell, SignersCell, TitleCell } from './ReportCells';
import {
  BranchFilterInput,
  CompanyFilterInput,
  CreatorFilterInput,
  PackageFilterInput,
} from './ReportFilterInputs';
import { ReportTotals } from './ReportTotals';
import { REPORT_CALLS, reportCompaniesData, reportFilterBody, reportsData } from './reportsData';

const STATUS_STYLES: ValueChipStyles = Object.fromEntries(
  Object.entries(REQUEST_STATUS_CHIPS).map(([status, color]) => [
    status,
    { label: `resources.reports.status.${status}`, color },
  ]),
);

const label = (resource: string, field: string) => `resources.${resource}.fields.${field}`;
const dateFilters = (resource: string) => [
  createElement(DateInput, {
    key: 'date_from',
    source: 'date_from',
    label: label(resource, 'date_from'),
    alwaysOn: true,
  }),
  createElement(DateInput, {
    key: 'date_to',
    source: 'date_to',
    label: label(resource, 'date_to'),
    alwaysOn: true,
  }),
];
const pickerFilters = (resource: string) => [
  createElement(PackageFilterInput, {
    alwaysOn: true,
    key: 'package_id',
    source: 'package_id',
    label: label(resource, 'package_id'),
  }),
  createElement(CreatorFilterInput, {
    alwaysOn: true,
    key: 'created_by',
    source: 'created_by',
    label: label(resource, 'created_by'),
  }),
];

/** The columns both reports show, the company's with its branch. */
const columns = (resource: string) => ({
  title: {
    column: true,
    render: (record: { title?: string }) => createElement(TitleCell, { title: record.title }),
  },
  company_name: {
    column: { sortable: false },
    render: (record: { company_name?: string; branch_name?: string | null }) =>
      createElement(CompanyCell, { record }),
  },
  package_name: { column: { sortable: false } },
  creator_name: { column: { sortable: false } },
  status: { choices: choicesOfStyles(STATUS_STYLES), column: true, filter: true },
  signers: {
    column: { sortable: false },
    render: (record: { signed_count?: number; signer_count?: number; signers?: string }) =>
      createElement(SignersCell, { record, resource }),
  },
  units: {
    column: { sortable: false, align: 'right' as const },
    countLabel: `resources.${resource}.units_count` as const,
  },
  created_at: { kind: 'dateTime' as const, column: { noWrap: true } },
  completed_at: { kind: 'dateTime' as const, column: { noWrap: true } },
});

/**
 * The contract history of the user's company and its branches (SPEC §2.1 admin.reports.report,
 * /reports): every request with its signers, status, dates and plan units, filtered, with the
 * totals of what the filters match under the list and a streamed .xlsx export.
 */
export const reports = defineResource({
  name: 'reports',
  icon: AssessmentOutlinedIcon,
  recordRepresentation: 'title',
  data: reportsData,
  screens: {
    route: { name: 'admin.reports.report', path: '/reports' },
    title: 'app.pages.report',
    subtitle: 'resources.reports.subtitle',
    dialogTitles: {},
    sort: { field: 'created_at', order: 'DESC' },
    fields: columns('reports'),
    phone: { primary: 'title', secondary: ['status', 'company_name', 'created_at', 'units'] },
    actions: [],
    export: {
      endpoint: REPORT_CALLS.company.export,
      filename: 'reporte.xlsx',
      toBody: (values) => reportFilterBody(values, 'company'),
    },
    overrides: {
      filters: [
        ...dateFilters('reports'),
        createElement(BranchFilterInput, {
          alwaysOn: true,
          key: 'branch_id',
          source: 'branch_id',
          label: label('reports', 'branch_id'),
        }),
        ...pickerFilters('reports'),
      ],
      useAdjustments: () => ({
        extra: createElement(ReportTotals, { scope: 'company', resource: 'reports' }),
      }),
    },
  },
});

/**
 * The contract history of every company (SPEC §2.1 admin.reports.report_companies,
 * /reports/companies), for the platform: the same columns, filtered by company too.
 */
export const reportCompanies = defineResource({
  name: 'report_companies',
  icon: AssessmentOutlinedIcon,
  recordRepresentation: 'title',
  data: reportCompaniesData,
  screens: {
    route: { name: 'admin.reports.report_companies', path: '/reports/companies' },
    title: 'app.pages.report_companies',
    subtitle: 'resources.report_companies.subtitle_companies',
    dialogTitles: {},
    sort: { field: 'created_at', order: 'DESC' },
    fields: columns('report_companies'),
    phone: { primary: 'title', secondary: ['status', 'company_name', 'created_at', 'units'] },
    actions: [],
    export: {
      endpoint: REPORT_CALLS.platform.export,
      filename: 'reporte-empresas.xlsx',
      toBody: (values) => reportFilterBody(values, 'platform'),
    },
    overrides: {
      filters: [
        createElement(CompanyFilterInput, {
          alwaysOn: true,
          key: 'company_id',
          source: 'company_id',
          label: label('report_companies', 'company_id'),
        }),
        ...dateFilters('report_companies'),
        createElement(CreatorFilterInput, {
          alwaysOn: true,
          key: 'created_by',
          source: 'created_by',
          label: label('report_companies', 'created_by'),
        }),
      ],
      useAdjustments: () => ({
        extra: createElement(ReportTotals, { scope: 'platform', resource: 'report_companies' }),
      }),
    },
  },
});
