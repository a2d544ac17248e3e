import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import type { ResourceDeclaration } from '../types';
import { usersData } from './usersData';

export { ProfileEditForm } from './ProfileEditForm';
export { UserList } from './UserList';

/**
 * Users (SPEC §2.1 `admin.user.items-crud`, /user/user): the list screen is `UserList` on its fixed
 * route, with create / show / edit in dialogs; the data methods map onto the admin users endpoints.
 */
export const users = {
  name: 'users',
  icon: PeopleOutlinedIcon,
  recordRepresentation: 'full_name',
  data: usersData,
  // Exporting is its own endpoint (export_users), with the list's permission.
  access: { export: ['user.list'] },
} satisfies ResourceDeclaration;
