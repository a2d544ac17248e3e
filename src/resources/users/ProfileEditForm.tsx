import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { Form, SaveButton, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { mayCallEndpoint } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import { KEEP_TYPED_VALUES } from '../../framework/common/formValues';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SessionStoreContext } from '../../layout/useSessionUser';
import { serverFieldErrors, serverMessage } from '../../session/serverErrors';
import { PersonInputs } from './PersonInputs';

/** The fields a user edits on the profile (contract `updateUser`). */
const FIELDS = ['name', 'last_name', 'phone', 'id_type', 'id_number'] as const;
type PersonValues = Partial<Record<(typeof FIELDS)[number], string | null>>;

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Only what changed: an untouched field is not sent, so nothing is overwritten by accident. */
export function changedFields(
  initial: PersonValues,
  values: Record<string, unknown>,
): Partial<Record<(typeof FIELDS)[number], string>> {
  const changed: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const field of FIELDS) {
    if (textOf(values[field]).trim() !== textOf(initial[field]).trim())
      changed[field] = textOf(values[field]);
  }
  return changed;
}

/**
 * The user's own personal fields. users/get_user/{id} answers them but needs user.list; without
 * it the form starts from the full name (given name, then last names) and sends only what the user
 * changes, so fields it could not read are never cleared.
 */
function usePersonValues(userId: number | undefined, fullName: string, canReadRecord: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useQuery({
    queryKey: ['profile-record', userId],
    queryFn: ({ signal }) => dataProvider.callEndpoint('getUserRecord', { id: userId ?? 0 }, { signal }),
    enabled: userId !== undefined && canReadRecord,
  });
  if (record.data) {
    const { name, last_name, phone, id_type, id_number } = record.data;
    return {
      values: { name, last_name, phone, id_type, id_number } satisfies PersonValues,
      isPending: false,
    };
  }
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return {
    values: { name: first, last_name: rest.join(' ') } satisfies PersonValues,
    isPending: canReadRecord && record.isPending,
  };
}

export type ProfileEditFormProps = {
  /** The profile's query key, refreshed after a save (the name shown on the page). */
  profileQueryKey: readonly unknown[];
  disabled?: boolean;
};

/**
 * SPEC §6 "any authenticated user can edit their own profile": name, last name, phone and identity
 * document through update_user, in a dialog opened from the profile page. Server field errors show
 * under the fields.
 */
export function ProfileEditForm({ profileQueryKey, disabled }: ProfileEditFormProps) {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const session = useContext(SessionStoreContext);
  const { identity, refetch } = useGetIdentity();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const userId = typeof identity?.id === 'number' ? identity.id : undefined;
  const sessionUser = session.getUser();
  const canReadRecord = mayCallEndpoint(sessionUser, 'getUserRecord');
  const person = usePersonValues(open ? userId : undefined, sessionUser?.full_name ?? '', canReadRecord);

  const save = async (values: Record<string, unknown>) => {
    if (userId === undefined) return;
    const body = changedFields(person.values, values);
    try {
      const updated = await dataProvider.callEndpoint('updateUser', { id: userId, body });
      // The shell shows the name kept with the session: keep it in step.
      const current = session.getUser();
      if (current) session.setUser({ ...current, full_name: updated.full_name });
      queryClient.setQueryData(['profile-record', userId], updated);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      await refetch();
      notify(translate('app.profile_edit.saved'), { type: 'success' });
      setOpen(false);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      notify(serverMessage(error) ?? translate('app.feedback.error'), { type: 'error' });
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EditOutlinedIcon />}
        onClick={() => setOpen(true)}
        disabled={disabled || userId === undefined}
      >
        {translate('app.profile_edit.edit')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={fullScreen}>
        <DialogTitle>{translate('app.profile_edit.title')}</DialogTitle>
        {open && !person.isPending ? (
          <Form record={{ id: userId, ...person.values }} onSubmit={save} resetOptions={KEEP_TYPED_VALUES}>
            <DialogContent dividers>
              <Stack spacing={0.5}>
                <PersonInputs />
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 1.5 }}>
              <Button type="button" color="inherit" onClick={() => setOpen(false)}>
                {translate('app.profile_edit.cancel')}
              </Button>
              <SaveButton label={translate('app.profile_edit.save')} variant="contained" />
            </DialogActions>
          </Form>
        ) : null}
      </Dialog>
    </>
  );
}
