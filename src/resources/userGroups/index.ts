import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import type { ResourceDeclaration } from '../types';
import { userGroupsData } from './userGroupsData';

export { UserGroupList } from './UserGroupList';

/** User groups (SPEC §2.1 `admin.groups.items-crud`, /user_groups), one company at a time. */
export const userGroups = {
  name: 'user_groups',
  icon: GroupsOutlinedIcon,
  recordRepresentation: 'name',
  data: userGroupsData,
} satisfies ResourceDeclaration;
