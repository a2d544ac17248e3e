import { Box, Typography } from '@mui/material';
import { DataTable, SelectInput, useTranslate } from 'react-admin';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from '../common';
import { CompanySelectInput } from '../common/companyChoices';
import { UserStateActions } from './UserActions';
import { UserCreateAction } from './UserCreateDialog';
import { UserInputs } from './UserInputs';
import { UserShow } from './UserShow';
import { UserStatusChip } from './UserStatusChip';
import { useRoles } from './userChoices';
import { exportUsersBody } from './usersData';

function RoleFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data = [] } = useRoles();
  const translate = useAppTranslate();
  return (
    <SelectInput
      {...props}
      choices={data.map(({ id, name }) => ({ id, name }))}
      emptyText={translate('app.users.all_roles')}
    />
  );
}

function NameCell({ record }: { record: Record<string, unknown> }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {String(record.full_name ?? '')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {String(record.email ?? '')}
      </Typography>
    </Box>
  );
}

function UserRowActions() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      <UserStateActions />
      <ViewDetailsButton />
      <UpdateButton />
      <ConfirmDeleteButton />
    </Box>
  );
}

/**
 * SPEC §2.1 `admin.user.items-crud` (/user/user): the users the session may see, with search,
 * company / role / status filters and sort; create (with an invitation e-mail), details, edit,
 * delete, export, and the resend / activate / unlock actions.
 */
export function UserList() {
  const translate = useTranslate();
  const app = useAppTranslate();
  const filters = [
    searchFilter('search', app('app.users.search')),
    <CompanySelectInput
      key="company_id"
      source="company_id"
      alwaysOn
      label={app('app.users.company')}
      emptyText={app('app.users.all_companies')}
      sx={{ minWidth: 240 }}
    />,
    <RoleFilter key="role_id" source="role_id" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText={app('app.users.all_statuses')}
      choices={(['active', 'inactive', 'locked'] as const).map((status) => ({
        id: status,
        name: app(`app.users.status.${status}`),
      }))}
    />,
  ];
  return (
    <ResourceListPage
      resource="users"
      title={app('app.pages.users')}
      filters={filters}
      sort={{ field: 'full_name', order: 'ASC' }}
      export={{ endpoint: 'exportUsers', filename: 'usuarios.xlsx', toBody: exportUsersBody }}
      actions={<UserCreateAction />}
      edit={{ title: app('app.users.edit_title'), content: <UserInputs />, maxWidth: 'md' }}
      show={{ title: app('app.users.show_title'), content: <UserShow />, maxWidth: 'md' }}
      phone={{
        primaryText: (record) => <NameCell record={record} />,
        secondaryText: (record) => (
          <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <span>{record.role_name}</span>
            <UserStatusChip record={record} />
          </Box>
        ),
        actions: <UserRowActions />,
      }}
    >
      <DataTable.Col
        source="full_name"
        label={translate('resources.users.fields.full_name')}
        render={(record) => <NameCell record={record} />}
      />
      <DataTable.Col source="role_name" />
      <DataTable.Col source="company_name" />
      <DataTable.Col source="status" render={(record) => <UserStatusChip record={record} />} />
      <DataTable.Col
        source="last_login_at"
        render={(record) =>
          record.last_login_at ? formatDateTime(record.last_login_at) : app('app.users.never')
        }
      />
      <DataTable.Col label={app('app.list.actions_column')} align="right">
        <UserRowActions />
      </DataTable.Col>
    </ResourceListPage>
  );
}
