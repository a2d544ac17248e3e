import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { Form, ResourceContextProvider, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { NEW_TICKET_DEFAULTS, SupportInputs } from '../resources/supports/SupportInputs';
import { newTicketBody } from '../resources/supports/supportsData';

export type SupportFormDialogProps = { open: boolean; onClose: () => void };

/**
 * The support form shown instead of the support page when the company's option is on (SPEC §2.5):
 * it opens a ticket (save_support_requests) that the company then follows on /company_supports.
 */
export function SupportFormDialog({ open, onClose }: SupportFormDialogProps) {
  const translate = useAppTranslate();
  const titleId = useId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    setSending(true);
    try {
      const ticket = await dataProvider.callEndpoint('createSupportRequest', { body: newTicketBody(values) });
      notify(translate('resources.supports.created_number', { id: ticket.id }), { type: 'success' });
      onClose();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Error del servidor', {
        type: 'error',
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <ResourceContextProvider value="company_supports">
        <Form onSubmit={submit} defaultValues={NEW_TICKET_DEFAULTS}>
          <DialogTitle id={titleId}>{translate('app.help.support_form_title')}</DialogTitle>
          <DialogContent>
            <SupportInputs />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('app.help.close')}</Button>
            <Button type="submit" variant="contained" disabled={sending}>
              {translate('app.help.support_form_submit')}
            </Button>
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
