import type { ReactNode } from 'react';
import { AutocompleteInput, DataTable, DateInput, ReferenceInput, SelectInput } from 'react-admin';
import { formatDate } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ResourceListPage, searchFilter, ViewDetailsButton } from '../common';
import { CompanyPickerInput } from '../common/EntityPickerInputs';
import { ValueChip } from '../common/ValueChip';
import { ASSIGNMENT_STATUS_STYLES } from '../plans/planStyles';
import { AssignmentDetails, UnitsUsage } from './AssignmentDetails';
import { AssignPlanButton } from './AssignPlanButton';

const EXPORT_FILTERS = ['search', 'company_id', 'plan_id', 'status', 'date_from', 'date_to'] as const;

/** The list's filters as the body of export_packages_assignments (the same filters as the list). */
export function assignmentExportBody(filterValues: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    EXPORT_FILTERS.flatMap((key) => {
      const value = filterValues[key];
      return value === undefined || value === null || value === '' ? [] : [[key, value]];
    }),
  );
}

/** Packages assigned to companies: filters by company, plan, status and start dates; export; assign. */
export function AssignmentListPage({ tabs }: { tabs?: ReactNode }) {
  const translate = useAppTranslate();
  const statusChoices = (['scheduled', 'active', 'expired'] as const).map((id) => ({
    id,
    name: translate(`app.platform.plans.status_${id}`),
  }));
  const filters = [
    searchFilter('search', translate('app.platform.common.search')),
    <CompanyPickerInput key="company_id" source="company_id" nameSource="company_name" alwaysOn />,
    <ReferenceInput
      key="plan_id"
      source="plan_id"
      reference="plans"
      alwaysOn
      sort={{ field: 'name', order: 'ASC' }}
    >
      <AutocompleteInput
        optionText="name"
        filterToQuery={(search) => ({ search })}
        label="resources.plan_assignments.fields.plan_id"
        helperText={false}
        sx={{ minWidth: 200 }}
      />
    </ReferenceInput>,
    <SelectInput key="status" source="status" alwaysOn choices={statusChoices} />,
    <DateInput key="date_from" source="date_from" />,
    <DateInput key="date_to" source="date_to" />,
  ];
  return (
    <>
      {tabs}
      <ResourceListPage
        resource="plan_assignments"
        title={translate('app.platform.plans.tab_assignments')}
        subtitle={translate('app.platform.plans.subtitle')}
        filters={filters}
        sort={{ field: 'starts_at', order: 'DESC' }}
        export={{
          endpoint: 'exportAssignments',
          filename: 'paquetes-asignados.xlsx',
          toBody: assignmentExportBody,
        }}
        actions={<AssignPlanButton />}
        show={{
          title: translate('app.platform.plans.assignment_details'),
          content: <AssignmentDetails />,
          maxWidth: 'md',
        }}
      >
        <DataTable.Col source="company_name" />
        <DataTable.Col source="plan_name" />
        <DataTable.Col source="starts_at" render={(record) => formatDate(record.starts_at)} />
        <DataTable.Col source="expired_at" render={(record) => formatDate(record.expired_at)} />
        <DataTable.Col
          source="units_used"
          render={(record) => <UnitsUsage used={record.units_used} total={record.units_total} />}
        />
        <DataTable.Col
          source="status"
          disableSort
          render={() => <ValueChip source="status" styles={ASSIGNMENT_STATUS_STYLES} />}
        />
        <DataTable.Col label="app.list.actions_column" disableSort>
          <ViewDetailsButton />
        </DataTable.Col>
      </ResourceListPage>
    </>
  );
}
