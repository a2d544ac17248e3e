import { unitPackageFigures, unlimitedPackageFigures } from '../../contract/endpoints/statistics';
import type { AppMessageKey } from '../i18n/en';
import { CompanyComparison, OwnFigures, useCompanyPage } from './CompanyComparison';
import { type Figure, StatisticsPage, useFigures } from './StatisticsParts';

const figuresOf = <Key extends string>(keys: readonly Key[]) =>
  keys.map(
    (key): Figure<Record<Key, number>> => ({
      key,
      label: `app.statistics.${key}` as AppMessageKey,
      value: (row) => row[key],
    }),
  );

const UNLIMITED = figuresOf(unlimitedPackageFigures.keyof().options);
const UNLIMITED_CHARTED = figuresOf(['active', 'expiring', 'expired'] as const);
const UNITS = figuresOf(unitPackageFigures.keyof().options);
const UNITS_CHARTED = figuresOf(['units_consumed', 'units_available', 'units_expired'] as const);

/** /statistics/packages: unlimited packages of every company. */
export function CompaniesUnlimitedPackagesPage() {
  const pager = useCompanyPage();
  const packages = useFigures('getCompaniesPackagesStatistics', {
    page: pager.page,
    itemsPerPage: pager.itemsPerPage,
  });
  return (
    <StatisticsPage
      title="app.pages.statistics_companies_unlimited_packages"
      intro="app.statistics.unlimited_intro"
      loading={!packages.data}
      failed={packages.isError}
    >
      {packages.data ? (
        <CompanyComparison
          heading="app.statistics.unlimited_by_company"
          items={packages.data.items}
          totals={packages.data.totals}
          total={packages.data.total}
          figures={UNLIMITED}
          charted={UNLIMITED_CHARTED}
          format="number"
          pager={pager}
        />
      ) : null}
    </StatisticsPage>
  );
}

/** /statistics/packages/company: the caller's company's unlimited packages. */
export function CompanyUnlimitedPackagesPage() {
  const packages = useFigures('getCompanyPackagesStatistics');
  return (
    <StatisticsPage
      title="app.pages.statistics_company_unlimited_packages"
      intro="app.statistics.unlimited_intro"
      loading={!packages.data}
      failed={packages.isError}
    >
      {packages.data ? (
        <OwnFigures
          heading="app.statistics.unlimited_figures"
          row={packages.data}
          figures={UNLIMITED}
          format="number"
        />
      ) : null}
    </StatisticsPage>
  );
}

/** /statistics/packages_units: unit packages of every company. */
export function CompaniesUnitPackagesPage() {
  const pager = useCompanyPage();
  const packages = useFigures('getCompaniesUnitsPackagesStatistics', {
    page: pager.page,
    itemsPerPage: pager.itemsPerPage,
  });
  return (
    <StatisticsPage
      title="app.pages.statistics_companies_unit_packages"
      intro="app.statistics.units_intro"
      loading={!packages.data}
      failed={packages.isError}
    >
      {packages.data ? (
        <CompanyComparison
          heading="app.statistics.units_by_company"
          items={packages.data.items}
          totals={packages.data.totals}
          total={packages.data.total}
          figures={UNITS}
          charted={UNITS_CHARTED}
          format="number"
          stacked
          pager={pager}
        />
      ) : null}
    </StatisticsPage>
  );
}

/** /statistics/packages_units/company: the caller's company's unit packages. */
export function CompanyUnitPackagesPage() {
  const packages = useFigures('getCompanyUnitsPackagesStatistics');
  return (
    <StatisticsPage
      title="app.pages.statistics_company_unit_packages"
      intro="app.statistics.units_intro"
      loading={!packages.data}
      failed={packages.isError}
    >
      {packages.data ? (
        <OwnFigures
          heading="app.statistics.units_figures"
          row={packages.data}
          figures={UNITS}
          format="number"
        />
      ) : null}
    </StatisticsPage>
  );
}
