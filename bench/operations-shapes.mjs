// The requests bench/operations.bench.mjs times: every endpoint of the dashboard, the reports, the
// statistics (contract/endpoints/{dashboard,reports,statistics}.ts) and the e-mail tracker's list,
// each as the screen sends it, as the platform administrator or as the administrator of the
// biggest company (bench/seed-operations.ts); with the probe that checks each answers.

/** The company administrator bench/seed-operations.ts creates in the biggest company (id 2). */
export const COMPANY_ADMIN = { email: 'admin.empresa@bench.test', password: 'Bench-Empresa-Passw0rd!' };
export const BIG_COMPANY_ID = 2;

/**
 * @typedef {object} Shape
 * @property {string} key            snake_case, part of the figure's name
 * @property {string} label
 * @property {'platform' | 'company'} as   whose session sends it
 * @property {'GET' | 'POST'} method
 * @property {string} path           under the server's address
 * @property {Record<string, unknown>} [body]
 */

/** `AAAA-MM-DD` in Bogotá (UTC−5 all year), `daysBack` days before today. */
function bogotaDay(daysBack = 0) {
  return new Date(Date.now() - 5 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
}

/**
 * @param {{ requests: number, platformUserId: number, companyUserId: number }} context
 * @returns {Shape[]}
 */
export function operationShapes({ requests, platformUserId, companyUserId }) {
  const page = { page: 1, itemsPerPage: 15 };
  const pageQuery = '?page=1&itemsPerPage=15';
  // Completed requests of the last quarter: a filter the report screen offers.
  const filtered = { status: 'completed', date_from: bogotaDay(90), date_to: bogotaDay() };
  // A signer's address, found among the e-mails of one request whatever the seeded size.
  const search = `firmante${Math.max(1, Math.floor(requests * 0.4231))}-`;
  return [
    {
      key: 'dashboard_platform',
      label: 'get_dashboard_info/{id}, platform administrator',
      as: 'platform',
      method: 'GET',
      path: `/api/get_dashboard_info/${platformUserId}`,
    },
    {
      key: 'dashboard_company',
      label: 'get_dashboard_info/{id}, administrator of the biggest company',
      as: 'company',
      method: 'GET',
      path: `/api/get_dashboard_info/${companyUserId}`,
    },
    {
      key: 'report_company',
      label: 'contract_history_report, company administrator, unfiltered',
      as: 'company',
      method: 'POST',
      path: '/api/contract_history_report',
      body: page,
    },
    {
      key: 'report_company_filtered',
      label: 'contract_history_report, company administrator, completed in the last 90 days',
      as: 'company',
      method: 'POST',
      path: '/api/contract_history_report',
      body: { ...page, ...filtered },
    },
    {
      key: 'report_platform',
      label: 'contract_history_report_companies, platform administrator, unfiltered',
      as: 'platform',
      method: 'POST',
      path: '/api/contract_history_report_companies',
      body: page,
    },
    {
      key: 'report_platform_filtered',
      label: 'contract_history_report_companies, platform administrator, completed in the last 90 days',
      as: 'platform',
      method: 'POST',
      path: '/api/contract_history_report_companies',
      body: { ...page, ...filtered },
    },
    {
      key: 'stats_company_storage',
      label: 'get_company_statistics (storage of the biggest company)',
      as: 'company',
      method: 'POST',
      path: '/api/get_company_statistics',
      body: { company_id: BIG_COMPANY_ID },
    },
    {
      key: 'stats_companies_storage',
      label: 'get_companies_statistics (storage of every company), first page',
      as: 'platform',
      method: 'POST',
      path: '/api/get_companies_statistics',
      body: page,
    },
    {
      key: 'stats_total_storage',
      label: 'get_total_storage',
      as: 'platform',
      method: 'GET',
      path: '/api/get_total_storage',
    },
    {
      key: 'stats_companies_users',
      label: 'get_companies_users_statistics, first page',
      as: 'platform',
      method: 'GET',
      path: `/api/get_companies_users_statistics${pageQuery}`,
    },
    {
      key: 'stats_company_users',
      label: 'get_company_users_statistics',
      as: 'company',
      method: 'GET',
      path: '/api/get_company_users_statistics',
    },
    {
      key: 'stats_companies_unlimited',
      label: 'get_companies_packages_statistics (unlimited packages), first page',
      as: 'platform',
      method: 'GET',
      path: `/api/get_companies_packages_statistics${pageQuery}`,
    },
    {
      key: 'stats_company_unlimited',
      label: 'get_company_packages_statistics (unlimited packages)',
      as: 'company',
      method: 'GET',
      path: '/api/get_company_packages_statistics',
    },
    {
      key: 'stats_companies_units',
      label: 'get_companies_units_packages_statistics, first page',
      as: 'platform',
      method: 'GET',
      path: `/api/get_companies_units_packages_statistics${pageQuery}`,
    },
    {
      key: 'stats_company_units',
      label: 'get_company_units_packages_statistics',
      as: 'company',
      method: 'GET',
      path: '/api/get_company_units_packages_statistics',
    },
    {
      // No dates: the screen's default (every code).
      key: 'stats_companies_codes',
      label: 'get_companies_validation_codes, first page, every date',
      as: 'platform',
      method: 'POST',
      path: '/api/get_companies_validation_codes',
      body: page,
    },
    {
      key: 'stats_company_codes',
      label: 'get_company_validation_codes, every date',
      as: 'company',
      method: 'POST',
      path: '/api/get_company_validation_codes',
      body: {},
    },
    {
      key: 'tracker_platform_first',
      label: 'get_emails_sent_logs_list, platform administrator, first page',
      as: 'platform',
      method: 'POST',
      path: '/api/get_emails_sent_logs_list',
      body: page,
    },
    {
      key: 'tracker_platform_search',
      label: `get_emails_sent_logs_list, platform administrator, search «${search}»`,
      as: 'platform',
      method: 'POST',
      path: '/api/get_emails_sent_logs_list',
      body: { ...page, search },
    },
    {
      key: 'tracker_company_first',
      label: 'get_emails_sent_logs_list, company administrator, first page',
      as: 'company',
      method: 'POST',
      path: '/api/get_emails_sent_logs_list',
      body: page,
    },
  ];
}

/**
 * One request of the shape; throws unless it answers 200. Returns the reply's data.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {Shape} shape
 */
export async function probe(url, headers, shape) {
  const response = await fetch(`${url}${shape.path}`, {
    method: shape.method,
    headers,
    body: shape.body ? JSON.stringify(shape.body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(
      `${shape.key}: ${shape.method} ${shape.path} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  return JSON.parse(text).data;
}
