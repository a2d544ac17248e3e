import { Box } from '@mui/material';
import { useState } from 'react';
import { DataTable } from 'react-admin';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  EditButton,
  ResourceListPage,
  searchFilter,
  ViewDetailsButton,
} from '../common';
import { CompanyScopePicker, useCompanyScope } from '../common/companyChoices';
import { UserGroupInputs } from './UserGroupInputs';
import { UserGroupShow } from './UserGroupShow';

/**
 * SPEC §2.1 `admin.groups.items-crud` (/user_groups): the groups of one company (the user's own
 * by default; the administrator picks any, a company one of its branches), with search and sort;
 * create, details, edit and delete in dialogs.
 */
export function UserGroupList() {
  const app = useAppTranslate();
  const scope = useCompanyScope();
  const [companyId, setCompanyId] = useState(scope.companyId);
  return (
    <ResourceListPage
      resource="user_groups"
      title={app('app.pages.user_groups')}
      filters={[searchFilter('search', app('app.user_groups.search'))]}
      filter={{ company_id: companyId }}
      // One stored list state per company would mix pages between companies.
      storeKey={`user_groups.${companyId}.listParams`}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<CompanyScopePicker value={companyId} onChange={setCompanyId} />}
      create={{
        title: app('app.user_groups.create_title'),
        content: <UserGroupInputs />,
        defaultValues: { company_id: companyId, user_ids: [] },
      }}
      edit={{ title: app('app.user_groups.edit_title'), content: <UserGroupInputs /> }}
      show={{ title: app('app.user_groups.show_title'), content: <UserGroupShow /> }}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="description" disableSort render={(record) => record.description ?? '—'} />
      <DataTable.Col
        source="member_count"
        render={(record) => app('app.user_groups.member_count', { smart_count: Number(record.member_count) })}
      />
      <DataTable.Col source="company_name" disableSort />
      <DataTable.Col source="created_at" render={(record) => formatDateTime(record.created_at)} />
      <DataTable.Col label={app('app.list.actions_column')} align="right">
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
          <ViewDetailsButton />
          <EditButton />
          <ConfirmDeleteButton />
        </Box>
      </DataTable.Col>
    </ResourceListPage>
  );
}
