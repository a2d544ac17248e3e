import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import { createElement } from 'react';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { defineResource } from '../../framework/defineResource';
import { useNewUserInvitation } from './newUserInvitation';
import { UserStateActions } from './UserActions';
import { LastLoginText, RoleFilter, UserNameCell } from './UserCells';
import { UserInputs } from './UserInputs';
import { UserShow } from './UserShow';
import { UserStatusChip } from './UserStatusChip';
import { exportUsersBody, usersData } from './usersData';

export { ProfileEditForm } from './ProfileEditForm';

const status = {
  values: ['active', 'inactive', 'locked'],
  labels: 'app.users.status',
  anyLabel: 'app.users.all_statuses',
} as const;

/**
 * Users (SPEC §2.1 `admin.user.items-crud`, /user/user): the users the session may see, with
 * company / role / status filters; creating sends an invitation e-mail (UserCreateAction), and
 * resend / activate / unlock are row actions.
 */
export const users = defineResource({
  name: 'users',
  icon: PeopleOutlinedIcon,
  recordRepresentation: 'full_name',
  data: usersData,
  // Exporting is its own endpoint (export_users), with the list's permission.
  access: { export: 'exportUsers' },
  screens: {
    route: { name: 'admin.user.items-crud', path: '/user/user' },
    title: 'app.pages.users',
    dialogTitles: {
      create: 'app.users.create_title',
      edit: 'app.users.edit_title',
      show: 'app.users.show_title',
    },
    dialogWidth: 'md',
    search: 'app.users.search',
    sort: { field: 'full_name', order: 'ASC' },
    fields: {
      full_name: { column: true, render: () => createElement(UserNameCell) },
      role_name: { column: true },
      company_id: {
        column: true,
        filter: createElement(CompanySelectInput, {
          source: 'company_id',
          alwaysOn: true,
          label: 'app.users.company',
          emptyText: 'app.users.all_companies',
          sx: { minWidth: 240 },
        }),
      },
      role_id: { filter: createElement(RoleFilter, { source: 'role_id', alwaysOn: true }) },
      status: {
        choices: status,
        column: true,
        filter: true,
        render: () => createElement(UserStatusChip),
      },
      last_login_at: {
        kind: 'dateTime',
        column: { noWrap: true },
        render: () => createElement(LastLoginText),
      },
    },
    phone: { primary: 'full_name', secondary: ['role_name', 'status'] },
    actions: ['show', 'update', 'delete'],
    createDefaults: { status: 'active' },
    export: { endpoint: 'exportUsers', filename: 'usuarios.xlsx', toBody: exportUsersBody },
    overrides: {
      inputs: createElement(UserInputs),
      details: createElement(UserShow),
      rowActionsExtra: createElement(UserStateActions),
      useAdjustments: useNewUserInvitation,
    },
  },
});
