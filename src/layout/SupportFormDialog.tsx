import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, TextInput } from 'react-admin';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { maxLength, requiredField } from '../validation/validators';

export type SupportFormDialogProps = { open: boolean; onClose: () => void };

const subjectValidators = [requiredField(), maxLength(150)];
const descriptionValidators = [requiredField(), maxLength(2000)];

/**
 * The support form shown instead of the support page when the company's option is on (SPEC §2.5).
 * The support endpoints come with the support issue: until then the form cannot be sent, and says so.
 */
export function SupportFormDialog({ open, onClose }: SupportFormDialogProps) {
  const translate = useAppTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form onSubmit={() => undefined}>
        <DialogTitle id={titleId}>{translate('app.help.support_form_title')}</DialogTitle>
        <DialogContent>
          <TextInput
            source="subject"
            label={translate('app.help.support_form_subject')}
            validate={subjectValidators}
            fullWidth
          />
          <TextInput
            source="description"
            label={translate('app.help.support_form_description')}
            validate={descriptionValidators}
            multiline
            minRows={4}
            fullWidth
          />
          <Alert severity="info">{translate('app.help.support_form_unavailable')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.help.close')}</Button>
          <Button type="submit" variant="contained" disabled>
            {translate('app.help.support_form_submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
