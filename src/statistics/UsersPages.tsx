import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { CompanyComparison, OwnFigures, useCompanyPage } from './CompanyComparison';
import { type Figure, FigureChart, FigureTable, Panel, StatisticsPage, useFigures } from './StatisticsParts';

type UserFigures = { active: number; inactive: number; locked: number; total: number };
type RoleCount = { role_id: number; role_name: string; users: number };

const STATUSES = ['active', 'inactive', 'locked'] as const;
const STATUS_FIGURES: Figure<UserFigures>[] = STATUSES.map((status) => ({
  key: status,
  label: `app.statistics.${status}` as AppMessageKey,
  value: (row) => row[status],
}));
const ALL_FIGURES: Figure<UserFigures>[] = [
  ...STATUS_FIGURES,
  { key: 'total', label: 'app.statistics.total', value: (row) => row.total },
];

/** Users by role: a chart and its table. */
function UsersByRole({ roles }: { roles: RoleCount[] }) {
  const translate = useAppTranslate();
  const heading = translate('app.statistics.users_by_role');
  return (
    <Panel heading={heading}>
      <FigureChart
        categories={roles.map((role) => ({ name: role.role_name, values: { users: role.users } }))}
        series={[{ key: 'users', label: translate('app.statistics.users') }]}
        format="number"
      />
      <FigureTable
        caption={translate('app.statistics.table_of', { title: heading })}
        rowHeader="app.statistics.role"
        rows={roles.map((role) => ({ name: role.role_name, row: role }))}
        figures={[{ key: 'users', label: 'app.statistics.users', value: (row) => row.users }]}
        format="number"
      />
    </Panel>
  );
}

/** /statistics/users: users of every company by status, with the totals and the users by role. */
export function CompaniesUsersPage() {
  const pager = useCompanyPage();
  const users = useFigures('getCompaniesUsersStatistics', {
    page: pager.page,
    itemsPerPage: pager.itemsPerPage,
  });
  return (
    <StatisticsPage
      title="app.pages.statistics_companies_users"
      intro="app.statistics.users_intro"
      loading={!users.data}
      failed={users.isError}
    >
      {users.data ? (
        <>
          <CompanyComparison
            heading="app.statistics.users_by_company"
            items={users.data.items}
            totals={users.data.totals}
            total={users.data.total}
            figures={ALL_FIGURES}
            charted={STATUS_FIGURES}
            format="number"
            stacked
            pager={pager}
          />
          <UsersByRole roles={users.data.by_role} />
        </>
      ) : null}
    </StatisticsPage>
  );
}

/** /statistics/users/company: the caller's company's users by status and by role. */
export function CompanyUsersPage() {
  const users = useFigures('getCompanyUsersStatistics');
  return (
    <StatisticsPage
      title="app.pages.statistics_company_users"
      intro="app.statistics.users_intro"
      loading={!users.data}
      failed={users.isError}
    >
      {users.data ? (
        <>
          <OwnFigures
            heading="app.statistics.users_by_status"
            row={users.data}
            figures={ALL_FIGURES}
            format="number"
          />
          <UsersByRole roles={users.data.by_role} />
        </>
      ) : null}
    </StatisticsPage>
  );
}
