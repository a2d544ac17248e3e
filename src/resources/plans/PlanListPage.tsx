import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, SelectInput } from 'react-admin';
import { formatCurrency, formatNumber } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useActiveStatusChoices } from '../banners/BannerInputs';
import {
  ConfirmDeleteButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from '../common';
import { ACTIVE_STATUS_STYLES, ValueChip } from '../common/ValueChip';
import { PlanDetails, useSignaturesText } from './PlanDetails';
import { NEW_PLAN_DEFAULTS, PlanInputs } from './PlanInputs';

/** The plan catalogue: signatures (or unlimited), price in USD, validity and status. */
export function PlanListPage({ tabs }: { tabs?: ReactNode }) {
  const translate = useAppTranslate();
  const statusChoices = useActiveStatusChoices();
  const signaturesText = useSignaturesText();
  return (
    <>
      {tabs}
      <ResourceListPage
        resource="plans"
        title={translate('app.platform.plans.tab_plans')}
        subtitle={translate('app.platform.plans.subtitle')}
        filters={[
          searchFilter('search', translate('app.platform.common.search')),
          <SelectInput key="status" source="status" alwaysOn choices={statusChoices} />,
        ]}
        sort={{ field: 'name', order: 'ASC' }}
        create={{
          title: translate('app.platform.plans.create'),
          content: <PlanInputs />,
          defaultValues: NEW_PLAN_DEFAULTS,
        }}
        edit={{ title: translate('app.platform.plans.edit'), content: <PlanInputs /> }}
        show={{ title: translate('app.platform.plans.show'), content: <PlanDetails /> }}
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="signatures" render={(record) => signaturesText(record.signatures)} />
        <DataTable.Col
          align="right"
          source="price_usd"
          render={(record) => formatCurrency(record.price_usd)}
        />
        <DataTable.Col
          align="right"
          source="validity_days"
          render={(record) =>
            translate('app.platform.plans.days', { count: formatNumber(record.validity_days) })
          }
        />
        <DataTable.Col
          source="status"
          disableSort
          render={() => <ValueChip source="status" styles={ACTIVE_STATUS_STYLES} />}
        />
        <DataTable.NumberCol source="assignments_count" disableSort />
        <DataTable.Col label="app.list.actions_column" disableSort>
          <Stack direction="row">
            <ViewDetailsButton />
            <UpdateButton />
            <ConfirmDeleteButton />
          </Stack>
        </DataTable.Col>
      </ResourceListPage>
    </>
  );
}
