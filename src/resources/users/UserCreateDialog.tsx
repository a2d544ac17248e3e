import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { CreateBase, Form, type RaRecord, SaveButton, useNotify, useRefresh } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { AddButton, useRecordDialog } from '../common';
import { useCompanyScope } from '../common/companyChoices';
import { UserInputs } from './UserInputs';

/**
 * "Agregar" and the new-user dialog. Like the framework's form dialog, but the toast says that the
 * invitation e-mail went out (SPEC: a new user sets the password from that e-mail).
 */
export function UserCreateAction() {
  const { state, close } = useRecordDialog();
  const translate = useAppTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { companyId } = useCompanyScope();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const open = state.kind === 'create';
  const onSuccess = (user: RaRecord) => {
    notify(translate('app.users.invited', { email: String(user.email) }), { type: 'success' });
    close();
    refresh();
  };
  return (
    <>
      <AddButton />
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={fullScreen}>
        <DialogTitle sx={{ pr: 7 }}>{translate('app.users.create_title')}</DialogTitle>
        <IconButton
          aria-label={translate('app.list.close')}
          onClick={close}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
        {open ? (
          <CreateBase
            resource="users"
            redirect={false}
            record={{ company_id: companyId, status: 'active' }}
            mutationOptions={{ onSuccess }}
          >
            <Form>
              <DialogContent dividers>
                <Stack spacing={0.5}>
                  <UserInputs />
                </Stack>
              </DialogContent>
              <DialogActions sx={{ px: 3, py: 1.5 }}>
                <Button type="button" color="inherit" onClick={close}>
                  {translate('app.list.cancel')}
                </Button>
                <SaveButton label={translate('app.list.save')} variant="contained" alwaysEnable={false} />
              </DialogActions>
            </Form>
          </CreateBase>
        ) : null}
      </Dialog>
    </>
  );
}
