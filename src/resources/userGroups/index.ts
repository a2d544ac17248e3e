import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { createElement } from 'react';
import { defineResource } from '../../framework/defineResource';
import { GroupMembers, MembersInput } from './GroupMembers';
import { userGroupsData } from './userGroupsData';

/** User groups (SPEC §2.1 `admin.groups.items-crud`, /user_groups), one company at a time. */
export const userGroups = defineResource({
  name: 'user_groups',
  icon: GroupsOutlinedIcon,
  recordRepresentation: 'name',
  data: userGroupsData,
  screens: {
    route: { name: 'admin.groups.items-crud', path: '/user_groups' },
    title: 'app.menu.user_groups',
    dialogTitles: {
      create: 'app.user_groups.create_title',
      edit: 'app.user_groups.edit_title',
      show: 'app.user_groups.show_title',
    },
    perCompany: true,
    search: 'app.user_groups.search',
    sort: { field: 'name', order: 'ASC' },
    fields: {
      company_id: { form: 'create', detail: true, column: { sortable: false } },
      name: { column: true, form: true, detail: true },
      description: { column: { sortable: false }, form: true, detail: 'wide' },
      member_count: { column: true, countLabel: 'app.user_groups.member_count' },
      user_ids: { form: true, input: createElement(MembersInput) },
      created_at: { kind: 'dateTime', column: true, detail: true },
    },
    phone: { primary: 'name', secondary: ['member_count', 'description'] },
    createDefaults: { user_ids: [] },
    overrides: { detailsExtra: createElement(GroupMembers) },
  },
});
