import { Typography } from '@mui/material';
import type { StorageFigures } from '../../contract/endpoints/statistics';
import { formatSize } from '../format';
import { useCompanyScope } from '../framework/common/companyChoices';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { CompanyComparison, OwnFigures, useCompanyPage } from './CompanyComparison';
import { type Figure, Panel, StatisticsPage, useFigures } from './StatisticsParts';

const KINDS = ['documents_bytes', 'sealed_bytes', 'images_bytes', 'attachments_bytes'] as const;

const figure = <Row,>(key: string, value: (row: Row) => number): Figure<Row> => ({
  key,
  label: `app.statistics.${key}` as Figure<Row>['label'],
  value,
});
const KIND_FIGURES = KINDS.map((kind) => figure<StorageFigures>(kind, (row) => row[kind]));

/** /statistics/storage: every company's storage by kind of file, with the platform's total. */
export function CompaniesStoragePage() {
  const translate = useAppTranslate();
  const pager = useCompanyPage();
  const companies = useFigures('getCompaniesStatistics', {
    body: { page: pager.page, itemsPerPage: pager.itemsPerPage },
  });
  const platform = useFigures('getTotalStorage');
  type Row = NonNullable<typeof companies.data>['items'][number];
  const figures: Figure<Row>[] = [
    ...KIND_FIGURES,
    figure<Row>('total_bytes', (row) => row.total_bytes),
    figure<Row>('capacity_bytes', (row) => row.capacity_bytes),
  ];
  return (
    <StatisticsPage
      title="app.pages.statistics_companies_storage"
      intro="app.statistics.storage_intro"
      loading={!companies.data || !platform.data}
      failed={companies.isError || platform.isError}
    >
      {platform.data ? (
        <Panel heading={translate('app.statistics.storage_platform')}>
          <Typography variant="h5" component="p">
            {formatSize(platform.data.total_bytes)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.statistics.storage_companies', {
              count: platform.data.companies,
              capacity: formatSize(platform.data.capacity_bytes),
            })}
          </Typography>
        </Panel>
      ) : null}
      {companies.data ? (
        <CompanyComparison
          heading="app.statistics.storage_by_company"
          items={companies.data.items}
          totals={companies.data.totals}
          total={companies.data.total}
          figures={figures}
          charted={KIND_FIGURES}
          format="size"
          stacked
          pager={pager}
        />
      ) : null}
    </StatisticsPage>
  );
}

/** /statistics/company: the caller's company's storage by kind of file. */
export function CompanyStoragePage() {
  const { companyId } = useCompanyScope();
  const storage = useFigures('getCompanyStatistics', { body: { company_id: companyId } });
  return (
    <StatisticsPage
      title="app.pages.statistics_company_storage"
      intro="app.statistics.storage_intro"
      loading={!storage.data}
      failed={storage.isError}
    >
      {storage.data ? (
        <OwnFigures
          heading="app.statistics.storage_by_kind"
          row={storage.data}
          figures={[...KIND_FIGURES, figure<StorageFigures>('total_bytes', (row) => row.total_bytes)]}
          format="size"
        />
      ) : null}
    </StatisticsPage>
  );
}
