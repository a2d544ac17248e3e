import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { authenticationOptionsFor } from '../../../contract/endpoints/documentGroups';
import { AuthenticationChecks } from '../../framework/common/AuthenticationChecks';
import { signerColour } from './FieldBox';
import type { PdfMessageKey } from './messages';
import { useCompanyFeatures } from './PageParts';
import { emptyRecipient, type PdfDraft, type Recipient, type SendSettings } from './pdfRequestsData';
import { usePdfTranslate } from './usePdfTranslate';

type Problems = Record<string, PdfMessageKey | undefined>;

/** A long name or e-mail ends in «…» (the whole of it in the input's title) instead of being cut. */
const ellipsis = { '& input': { textOverflow: 'ellipsis' } } as const;

/**
 * The title and the people of one PDF: "Firmante N" of the fields, with name, e-mail, phone, role
 * and the identity checks the signing page asks of them.
 */
export function RecipientsForm({
  draft,
  problems,
  onChange,
}: {
  draft: PdfDraft;
  problems: Problems;
  onChange: (draft: PdfDraft) => void;
}) {
  const translate = usePdfTranslate();
  const options = authenticationOptionsFor(useCompanyFeatures() ?? []);
  const error = (key: string) => (problems[key] ? translate(problems[key]!) : undefined);
  const setRecipient = (index: number, change: Partial<Recipient>) =>
    onChange({
      ...draft,
      recipients: draft.recipients.map((recipient, at) =>
        at === index ? { ...recipient, ...change } : recipient,
      ),
    });
  const add = () => {
    const number = Math.max(0, ...draft.recipients.map((recipient) => recipient.number)) + 1;
    onChange({ ...draft, recipients: [...draft.recipients, emptyRecipient(number)] });
  };
  const remove = (number: number) =>
    onChange({
      ...draft,
      recipients: draft.recipients.filter((recipient) => recipient.number !== number),
      fields: draft.fields.filter((field) => field.signer !== number),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={translate('signers')}>
      <Stack spacing={2}>
        <TextField
          label={translate('title')}
          value={draft.title}
          required
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
          error={Boolean(error('title'))}
          helperText={error('title')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Typography variant="h6" component="h2">
          {translate('signers')}
        </Typography>
        {draft.recipients.map((recipient, index) => (
          <Box
            key={recipient.number}
            component="fieldset"
            sx={{
              border: '1px solid',
              borderColor: 'divider',
              borderLeft: `6px solid ${signerColour(recipient.number)}`,
              borderRadius: 1,
              p: 1.5,
              m: 0,
              minWidth: 0,
            }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {translate('signer_number', { number: recipient.number })}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                // Columns from the panel's own width, not the screen's: name and e-mail always get a full line.
                gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
                '& > .wide': { gridColumn: '1 / -1' },
              }}
            >
              <TextField
                className="wide"
                size="small"
                required
                label={translate('signer_name')}
                value={recipient.name}
                onChange={(event) => setRecipient(index, { name: event.target.value })}
                error={Boolean(error(`recipients.${index}.name`))}
                helperText={error(`recipients.${index}.name`)}
                slotProps={{ htmlInput: { title: recipient.name || undefined } }}
                sx={ellipsis}
              />
              <TextField
                className="wide"
                size="small"
                required
                type="email"
                label={translate('signer_email')}
                value={recipient.email}
                onChange={(event) => setRecipient(index, { email: event.target.value })}
                error={Boolean(error(`recipients.${index}.email`))}
                helperText={error(`recipients.${index}.email`)}
                slotProps={{ htmlInput: { title: recipient.email || undefined } }}
                sx={ellipsis}
              />
              <TextField
                size="small"
                type="tel"
                label={translate('signer_phone')}
                value={recipient.phone}
                onChange={(event) =>
                  setRecipient(index, { phone: event.target.value.replace(/[^\d+]/g, '') })
                }
                error={Boolean(error(`recipients.${index}.phone`))}
                helperText={error(`recipients.${index}.phone`)}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <TextField
                  select
                  size="small"
                  label={translate('signer_kind')}
                  value={recipient.kind}
                  onChange={(event) => setRecipient(index, { kind: event.target.value as Recipient['kind'] })}
                  sx={{ flex: 1, minWidth: 0 }}
                >
                  {(['signer', 'approver', 'copy'] as const).map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {translate(`signer_kinds.${kind}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {draft.recipients.length > 1 ? (
                  <IconButton
                    aria-label={`${translate('remove_signer')} ${recipient.number}`}
                    onClick={() => remove(recipient.number)}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                ) : null}
              </Stack>
              {recipient.kind === 'copy' ? null : (
                <Box className="wide">
                  <AuthenticationChecks
                    legend={translate('authentication')}
                    options={options}
                    value={recipient.authentication}
                    disabledTitle={(label) => translate('authentication_off', { label })}
                    onChange={(authentication) => setRecipient(index, { authentication })}
                  />
                </Box>
              )}
            </Box>
          </Box>
        ))}
        <Box>
          <Button startIcon={<AddIcon />} onClick={add}>
            {translate('add_signer')}
          </Button>
        </Box>
        {error('fields') ? (
          <Typography role="alert" color="error" variant="body2">
            {error('fields')}
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** What every request of the send shares: message, order, last day, reminders. */
export function SendSettingsForm({
  settings,
  onChange,
}: {
  settings: SendSettings;
  onChange: (settings: SendSettings) => void;
}) {
  const translate = usePdfTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={translate('settings')}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {translate('settings')}
        </Typography>
        <TextField
          label={translate('message')}
          multiline
          minRows={2}
          value={settings.message}
          onChange={(event) => onChange({ ...settings, message: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <TextField
            select
            label={translate('signing_order')}
            value={settings.signing_order}
            onChange={(event) =>
              onChange({ ...settings, signing_order: event.target.value as SendSettings['signing_order'] })
            }
          >
            {(['sequential', 'parallel'] as const).map((order) => (
              <MenuItem key={order} value={order}>
                {translate(`signing_orders.${order}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            required
            label={translate('expires_at')}
            value={settings.expires_at}
            onChange={(event) => onChange({ ...settings, expires_at: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="number"
            label={translate('reminder_days')}
            value={settings.reminder_days}
            onChange={(event) =>
              onChange({ ...settings, reminder_days: event.target.value.replace(/\D/g, '') })
            }
            slotProps={{ htmlInput: { min: 1, max: 30, inputMode: 'numeric' } }}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
