import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export type SignerRole = EndpointReply<'getDocumentPackage'>['signer_roles'][number];
/** A template field of the group, with who fills it (its «Lo llena»). */
export type GroupField = EndpointReply<'getDocumentPackage'>['documents'][number]['fields'][number];
type Authentication = EndpointReply<'getDocumentGroupFeatures'>['authentications'][number];
const KINDS = ['signer', 'approver', 'copy'] as const;

/** The fields signer `number` fills, by label with the key beside: read-only, the templates decide. */
function FieldsOfSigner({ number, fields }: { number: number; fields: GroupField[] }) {
  const translate = useAppTranslate();
  const own = fields.filter((field) => field.filled_by === number);
  const title = translate('app.document_groups.signer_fields_of', { number });
  return (
    <Stack spacing={0.5}>
      <FormLabel component="p">{title}</FormLabel>
      {own.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.document_groups.signer_fields_none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={title}>
          {own.map((field) => (
            <ListItem key={field.name} disableGutters>
              <ListItemText
                primary={field.label}
                secondary={field.name}
                slotProps={{ secondary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * Signer 1, 2, …: order (as listed), kind and authentication; the template fields each fills are
 * shown, not chosen: each template's «Lo llena» is the one place that says it.
 */
export function SignerRolesSection({
  roles,
  onChange,
  fields,
  authentications,
}: {
  roles: SignerRole[];
  onChange: (roles: SignerRole[]) => void;
  /** Every template field of the group, once per name. */
  fields: GroupField[];
  authentications: Authentication[];
}) {
  const translate = useAppTranslate();
  const numbers = new Set(roles.map((role) => role.number));
  const withoutSigner = fields.filter((field) => field.filled_by > 0 && !numbers.has(field.filled_by));
  const update = (index: number, change: Partial<SignerRole>) =>
    onChange(roles.map((role, at) => (at === index ? { ...role, ...change } : role)));
  const add = () => {
    const number = Math.max(0, ...roles.map((role) => role.number)) + 1;
    onChange([
      ...roles,
      {
        number,
        position: roles.length + 1,
        label: `${translate('app.document_groups.signer_kind.signer')} ${number}`,
        kind: 'signer',
        fields: [],
        authentication: [],
      },
    ]);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.document_groups.signer_fields_source')}
      </Typography>
      {withoutSigner.length > 0 ? (
        <Alert severity="warning">
          {translate('app.document_groups.fields_without_signer', {
            fields: withoutSigner
              .map((field) =>
                translate('app.document_groups.field_of_signer', {
                  label: field.label,
                  number: field.filled_by,
                }),
              )
              .join(', '),
          })}
        </Alert>
      ) : null}
      {roles.length === 0 ? (
        <Typography color="text.secondary">{translate('app.document_groups.no_signers')}</Typography>
      ) : null}
      {roles.map((role, index) => (
        <Paper key={role.number} variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                type="number"
                label={translate('app.document_groups.signer_number')}
                value={role.number}
                onChange={(event) => update(index, { number: Math.max(1, Number(event.target.value) || 1) })}
                slotProps={{ htmlInput: { min: 1, max: 50 } }}
                sx={{ width: { sm: 140 } }}
              />
              <TextField
                required
                label={translate('app.document_groups.signer_label')}
                value={role.label}
                onChange={(event) => update(index, { label: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 80 } }}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label={translate('app.document_groups.signer_kind_label')}
                value={role.kind}
                onChange={(event) => update(index, { kind: event.target.value as SignerRole['kind'] })}
                sx={{ width: { sm: 180 } }}
              >
                {KINDS.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {translate(`app.document_groups.signer_kind.${kind}`)}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={translate('app.document_groups.remove_signer', { number: role.number })}
                onClick={() => onChange(roles.filter((_, at) => at !== index))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
            <FieldsOfSigner number={role.number} fields={fields} />
            <FormGroup>
              <FormLabel component="legend">
                {translate('app.document_groups.signer_authentication')}
              </FormLabel>
              <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                {authentications.map((option) => (
                  <FormControlLabel
                    key={option.key}
                    disabled={!option.enabled && !role.authentication.includes(option.key)}
                    control={
                      <Checkbox
                        checked={role.authentication.includes(option.key)}
                        onChange={(event) =>
                          update(index, {
                            authentication: event.target.checked
                              ? [...role.authentication, option.key]
                              : role.authentication.filter((key) => key !== option.key),
                          })
                        }
                      />
                    }
                    label={
                      option.enabled
                        ? option.label
                        : translate('app.document_groups.authentication_disabled', { label: option.label })
                    }
                  />
                ))}
              </Stack>
            </FormGroup>
          </Stack>
        </Paper>
      ))}
      <div>
        <Button variant="outlined" onClick={add}>
          {translate('app.document_groups.add_signer')}
        </Button>
      </div>
    </Stack>
  );
}
