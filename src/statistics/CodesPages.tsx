import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { CompanyComparison, useCompanyPage } from './CompanyComparison';
import { type Figure, FigureChart, FigureTable, Panel, StatisticsPage, useFigures } from './StatisticsParts';

const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
const OUTCOMES = ['sent', 'validated', 'failed'] as const;
type Counts = Record<(typeof OUTCOMES)[number], number>;
type ByChannel = Record<(typeof CHANNELS)[number], Counts>;

/** The date range of the codes (days in Bogotá), empty for all of them. */
function useCodeRange() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return { from, to, setFrom, setTo, range };
}

function RangeFilters({ range }: { range: ReturnType<typeof useCodeRange> }) {
  const translate = useAppTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        type="date"
        label={translate('app.statistics.from')}
        value={range.from}
        onChange={(event) => range.setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        size="small"
      />
      <TextField
        type="date"
        label={translate('app.statistics.to')}
        value={range.to}
        onChange={(event) => range.setTo(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        size="small"
      />
    </Stack>
  );
}

/** `Correo electrónico: Enviados`, … for each channel and outcome. */
function useChannelFigures(outcomes: readonly (typeof OUTCOMES)[number][]): Figure<ByChannel>[] {
  const translate = useAppTranslate();
  return CHANNELS.flatMap((channel) =>
    outcomes.map((outcome) => ({
      key: `${channel}_${outcome}`,
      label: `app.statistics.${outcome}` as AppMessageKey,
      text: `${translate(`app.statistics.${channel}`)}: ${translate(`app.statistics.${outcome}`).toLowerCase()}`,
      value: (row: ByChannel) => row[channel][outcome],
    })),
  );
}

/** /statistics/validation_codes: codes per channel of every company, between two dates. */
export function CompaniesValidationCodesPage() {
  const pager = useCompanyPage();
  const range = useCodeRange();
  const codes = useFigures('getCompaniesValidationCodes', {
    body: { page: pager.page, itemsPerPage: pager.itemsPerPage, ...range.range },
  });
  const figures = useChannelFigures(OUTCOMES);
  const charted = useChannelFigures(['sent']);
  return (
    <StatisticsPage
      title="app.pages.statistics_companies_codes"
      intro="app.statistics.codes_intro"
      filters={<RangeFilters range={range} />}
      loading={!codes.data}
      failed={codes.isError}
    >
      {codes.data ? (
        <CompanyComparison
          heading="app.statistics.codes_by_company"
          items={codes.data.items}
          totals={codes.data.totals}
          total={codes.data.total}
          figures={figures}
          charted={charted}
          format="number"
          stacked
          pager={pager}
        />
      ) : null}
    </StatisticsPage>
  );
}

/** /statistics/validation_codes/company: the caller's company's codes per channel, between two dates. */
export function CompanyValidationCodesPage() {
  const translate = useAppTranslate();
  const range = useCodeRange();
  const codes = useFigures('getCompanyValidationCodes', { body: range.range });
  const heading = translate('app.statistics.codes_by_channel');
  const rows = codes.data
    ? CHANNELS.map((channel) => ({ name: translate(`app.statistics.${channel}`), row: codes.data[channel] }))
    : [];
  const figures: Figure<Counts>[] = OUTCOMES.map((outcome) => ({
    key: outcome,
    label: `app.statistics.${outcome}`,
    value: (row) => row[outcome],
  }));
  return (
    <StatisticsPage
      title="app.pages.statistics_company_codes"
      intro="app.statistics.codes_intro"
      filters={<RangeFilters range={range} />}
      loading={!codes.data}
      failed={codes.isError}
    >
      <Panel heading={heading}>
        <FigureChart
          categories={rows.map(({ name, row }) => ({ name, values: row }))}
          series={OUTCOMES.map((outcome) => ({
            key: outcome,
            label: translate(`app.statistics.${outcome}`),
          }))}
          format="number"
        />
        <FigureTable
          caption={translate('app.statistics.table_of', { title: heading })}
          rowHeader="app.statistics.channel"
          rows={rows}
          figures={figures}
          format="number"
        />
      </Panel>
    </StatisticsPage>
  );
}
