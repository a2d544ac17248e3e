import {
  Autocomplete,
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { IDENTIFICATION_CODES, IDENTIFICATION_TYPES } from '../../../contract/identificationTypes';
import type { AppDataProvider } from '../../dataProvider';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import type { RequestForm, SignerDraft } from './requestDraft';

type Contact = EndpointReply<'getUserSigners'>[number];
const TEXT_INPUTS = ['name', 'email', 'phone', 'id_type', 'id_number'] as const;
/** A contact's type when it is one of the list (older requests may hold free text). */
const listedType = (idType: string | null) =>
  (IDENTIFICATION_CODES as readonly string[]).includes(idType?.toUpperCase() ?? '')
    ? idType!.toUpperCase()
    : '';

/** One signer: pick a known contact or type them, and the authentication the company allows. */
export function SignerCard(props: {
  index: number;
  companyId: number;
  signer: SignerDraft;
  form: RequestForm;
  errors: Record<string, string>;
  onChange: (signer: SignerDraft) => void;
}) {
  const { index, companyId, signer, form, errors, onChange } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useState('');
  const contacts = useQuery({
    queryKey: ['request-contacts', companyId, search],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'getUserSigners',
        { body: { company_id: companyId, ...(search ? { search } : {}), limit: 10 } },
        { signal },
      ),
    enabled: companyId > 0,
    placeholderData: (previous) => previous,
  });
  const t = (key: string) => translate(`resources.requestSending.${key}`);
  const error = (key: string) => errors[`signers.${index}.${key}`];
  const pick = (contact: Contact | null) => {
    if (!contact) return;
    onChange({
      ...signer,
      name: contact.name,
      email: contact.email,
      phone: contact.phone ?? '',
      id_type: listedType(contact.id_type),
      id_number: contact.id_number ?? '',
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-labelledby={`signer-${index}-title`}>
      <Typography
        id={`signer-${index}-title`}
        component="legend"
        variant="subtitle1"
        sx={{ fontWeight: 600 }}
      >
        {`${signer.number}. ${signer.label} · ${t(`kind_${signer.kind}`)}`}
      </Typography>
      <Autocomplete
        options={contacts.data ?? []}
        getOptionLabel={(contact) => `${contact.name} <${contact.email}>`}
        isOptionEqualToValue={(option, value) => option.email === value.email}
        filterOptions={(options) => options}
        onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
        onChange={(_, contact) => pick(contact)}
        renderInput={(params) => <TextField {...params} label={t('contact')} margin="dense" />}
        sx={{ mb: 1 }}
      />
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {TEXT_INPUTS.map((key) => (
          <TextField
            key={key}
            id={`signer-${index}-${key}`}
            label={t(key)}
            required={key === 'name' || key === 'email'}
            type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
            // The identification type is the bulk sheet's list (contract/identificationTypes.ts).
            select={key === 'id_type'}
            value={signer[key]}
            error={Boolean(error(key))}
            helperText={error(key) ?? ' '}
            onChange={(event) => onChange({ ...signer, [key]: event.target.value })}
          >
            {key === 'id_type'
              ? [
                  <MenuItem key="" value="">
                    {t('id_type_none')}
                  </MenuItem>,
                  ...IDENTIFICATION_TYPES.map((type) => (
                    <MenuItem key={type.code} value={type.code}>
                      {`${type.code} · ${type.name}`}
                    </MenuItem>
                  )),
                ]
              : undefined}
          </TextField>
        ))}
      </Box>
      {form.authentications.length ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{t('authentication')}</FormLabel>
          <FormGroup row>
            {form.authentications.map((option) => (
              <FormControlLabel
                key={option.key}
                disabled={!option.enabled}
                label={option.label}
                control={
                  <Checkbox
                    checked={signer.authentication.includes(option.key)}
                    onChange={(event) =>
                      onChange({
                        ...signer,
                        authentication: event.target.checked
                          ? [...signer.authentication, option.key]
                          : signer.authentication.filter((each) => each !== option.key),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {error('authentication') ? (
            <Typography color="error" variant="caption">
              {error('authentication')}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
