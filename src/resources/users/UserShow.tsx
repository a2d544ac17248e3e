import { useRecordContext } from 'react-admin';
import { formatDateTime } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { UserStatusChip } from './UserStatusChip';

/** The details of a user, in the show dialog of the users list. */
export function UserShow() {
  const record = useRecordContext();
  const app = useAppTranslate();
  if (!record) return null;
  const when = (value: unknown) =>
    typeof value === 'string' ? formatDateTime(value) : app('app.users.never');
  const document = [record.id_type, record.id_number].filter(Boolean).join(' ');
  return (
    <DetailGrid
      resource="users"
      items={[
        { source: 'full_name', value: record.full_name },
        { source: 'email', value: record.email },
        { source: 'phone', value: record.phone },
        { source: 'id_number', value: document || null },
        { source: 'role_name', value: record.role_name },
        { source: 'company_name', value: record.company_name },
        { source: 'status', value: <UserStatusChip record={record} /> },
        { source: 'last_login_at', value: when(record.last_login_at) },
        { source: 'invited_at', value: when(record.invited_at) },
        { source: 'created_at', value: when(record.created_at) },
      ]}
    />
  );
}
