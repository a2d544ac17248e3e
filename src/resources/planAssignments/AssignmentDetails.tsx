import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, useRecordContext } from 'react-admin';
import { formatDate, formatDateTime, formatNumber } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { ValueChip } from '../../framework/common/ValueChip';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ASSIGNMENT_STATUS_STYLES, TRANSACTION_KIND_STYLES } from '../plans/planStyles';

/** "12 de 100", or "12 · Ilimitado", with a bar for limited packages. */
export function UnitsUsage({ used, total }: { used: number; total: number | null }) {
  const translate = useAppTranslate();
  if (total === null) {
    return (
      <Typography variant="body2">
        {formatNumber(used)} · {translate('app.platform.plans.unlimited')}
      </Typography>
    );
  }
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 0;
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2">
        {translate('app.platform.plans.used_of', { used: formatNumber(used), total: formatNumber(total) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'warning' : 'primary'}
        sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
        aria-hidden
      />
    </Box>
  );
}

function SummaryTile({ label, value }: { label: AppMessageKey; value: string }) {
  const translate = useAppTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/** A package's details: company, plan, dates, units, its consumption summary and its transactions. */
export function AssignmentDetails() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  if (!record) return null;
  const summary = record.summary as
    | {
        credited_units: number;
        consumed_units: number;
        adjusted_units: number;
        last_consumption_at: string | null;
      }
    | undefined;
  return (
    <Stack spacing={3}>
      <DetailGrid
        resource="plan_assignments"
        items={[
          { source: 'company_name', value: record.company_name },
          { source: 'plan_name', value: record.plan_name },
          { source: 'starts_at', value: formatDate(record.starts_at) },
          { source: 'expired_at', value: formatDate(record.expired_at) },
          { source: 'status', value: <ValueChip source="status" styles={ASSIGNMENT_STATUS_STYLES} /> },
          { source: 'units_used', value: <UnitsUsage used={record.units_used} total={record.units_total} /> },
        ]}
      />
      {summary ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <SummaryTile
            label="app.platform.plans.summary_credited"
            value={formatNumber(summary.credited_units)}
          />
          <SummaryTile
            label="app.platform.plans.summary_consumed"
            value={formatNumber(summary.consumed_units)}
          />
          <SummaryTile
            label="app.platform.plans.summary_adjusted"
            value={formatNumber(summary.adjusted_units)}
          />
          <SummaryTile
            label="app.platform.plans.summary_last"
            value={summary.last_consumption_at ? formatDate(summary.last_consumption_at) : '—'}
          />
        </Stack>
      ) : null}
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('app.platform.plans.transactions')}
        </Typography>
        <ReferenceManyField
          reference="plan_transactions"
          target="assignment_id"
          perPage={15}
          sort={{ field: 'created_at', order: 'DESC' }}
          pagination={<Pagination rowsPerPageOptions={[15, 50, 100]} />}
          empty={
            <Typography color="text.secondary" variant="body2">
              {translate('app.platform.plans.no_transactions')}
            </Typography>
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="created_at" render={(row) => formatDateTime(row.created_at)} />
            <DataTable.Col
              source="kind"
              disableSort
              render={() => <ValueChip source="kind" styles={TRANSACTION_KIND_STYLES} />}
            />
            <DataTable.NumberCol source="units" />
            <DataTable.Col source="reference" disableSort />
          </DataTable>
        </ReferenceManyField>
      </Box>
    </Stack>
  );
}
