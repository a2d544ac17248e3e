import { type EndpointName, endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

const COMPANY_OPTIONS = listOptionsOf(endpoints.contractHistoryReport);
const PLATFORM_OPTIONS = listOptionsOf(endpoints.contractHistoryReportCompanies);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The list's filters the report endpoints accept, as the body of a report or of its export. */
export function reportFilterBody(
  values: Record<string, unknown>,
  scope: 'company' | 'platform',
): Record<string, unknown> {
  const accepted = (scope === 'platform' ? PLATFORM_OPTIONS : COMPANY_OPTIONS).filters;
  return Object.fromEntries(accepted.flatMap((key) => (isBlank(values[key]) ? [] : [[key, values[key]]])));
}

/** The report call and export call of each report screen. */
export const REPORT_CALLS = {
  company: { list: 'contractHistoryReport', export: 'exportContractHistoryReport' },
  platform: { list: 'contractHistoryReportCompanies', export: 'exportContractHistoryReportCompanies' },
} as const satisfies Record<'company' | 'platform', { list: EndpointName; export: EndpointName }>;

/** The contract history of the caller's company and branches (SPEC §7.2 contract_history_report). */
export const reportsData = {
  getList: {
    endpoint: 'contractHistoryReport',
    toInput: (params) => ({
      body: listQueryInput(params, COMPANY_OPTIONS) as EndpointInput<'contractHistoryReport'>['body'],
    }),
  },
} satisfies ResourceDataDeclaration;

/** The contract history of every company (SPEC §7.2 contract_history_report_companies). */
export const reportCompaniesData = {
  getList: {
    endpoint: 'contractHistoryReportCompanies',
    toInput: (params) => ({
      body: listQueryInput(
        params,
        PLATFORM_OPTIONS,
      ) as EndpointInput<'contractHistoryReportCompanies'>['body'],
    }),
  },
} satisfies ResourceDataDeclaration;
