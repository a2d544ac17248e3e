import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import { useMutation } from '@tanstack/react-query';
import { type RaRecord, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import { ActivateUserButton, ResendButton, RowActionButton } from '../../framework/common';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { serverMessage } from '../../session/serverErrors';

type UserAction = 'resendInvitation' | 'activateUser' | 'unlockUser';

/** Runs one of the user actions, then tells the result in a toast and refreshes the list. */
function useUserAction(action: UserAction) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useAppTranslate();
  return useMutation({
    mutationFn: (record: RaRecord) => dataProvider.callEndpoint(action, { id: Number(record.id) }),
    onSuccess: (user) => {
      const message =
        action === 'resendInvitation'
          ? translate('app.users.invitation_resent', { email: user.email })
          : translate(action === 'activateUser' ? 'app.users.activated' : 'app.users.unlocked');
      notify(message, { type: 'success' });
      refresh();
    },
    onError: (error) => notify(serverMessage(error) ?? translate('app.feedback.error'), { type: 'error' }),
  });
}

/**
 * The row actions only some users have (SPEC §2.7 resend and activate user): "Reenviar invitación"
 * while the invitation is pending, "Activar usuario" for an inactive one, "Desbloquear" for a
 * locked one.
 */
export function UserStateActions() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  const resend = useUserAction('resendInvitation');
  const activate = useUserAction('activateUser');
  const unlock = useUserAction('unlockUser');
  const mayCall = useMayCall();
  if (!record) return null;
  return (
    <>
      {record.invitation_pending && record.status !== 'locked' && mayCall('resendInvitation') ? (
        <ResendButton
          label={translate('app.users.resend_invitation')}
          disabled={resend.isPending}
          onClick={(user) => resend.mutate(user)}
        />
      ) : null}
      {record.status === 'inactive' && mayCall('activateUser') ? (
        <ActivateUserButton
          label={translate('app.users.activate')}
          disabled={activate.isPending}
          onClick={(user) => activate.mutate(user)}
        />
      ) : null}
      {record.status === 'locked' && mayCall('unlockUser') ? (
        <RowActionButton
          label={translate('app.users.unlock')}
          icon={<LockOpenOutlinedIcon />}
          color="warning"
          disabled={unlock.isPending}
          onClick={() => unlock.mutate(record)}
        />
      ) : null}
    </>
  );
}
