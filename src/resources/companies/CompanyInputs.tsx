import { Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { validEmail } from '../../validation';
import { fiscalNameValidators, nitValidators, validPhone } from './companyValidation';
import { LocationInputs } from './LocationInputs';

export type CompanyInputsProps = {
  /** A branch may leave its NIT empty (it takes its company's). */
  kind: 'company' | 'branch';
  /** Storage capacity and status are the administrator's to change. */
  isAdministrator: boolean;
  /** Status shows when editing (new records start active). */
  editing?: boolean;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={0.5} sx={{ pt: 1 }}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export function useStatusChoices() {
  const translate = useAppTranslate();
  return [
    { id: 'active', name: translate('app.companies.status_active') },
    { id: 'inactive', name: translate('app.companies.status_inactive') },
  ];
}

/** The fields of a company or branch, shared by the create dialog and the update page (STYLE 2). */
export function CompanyInputs({ kind, isAdministrator, editing = false }: CompanyInputsProps) {
  const translate = useAppTranslate();
  const statusChoices = useStatusChoices();
  return (
    <Stack divider={<Divider flexItem />} spacing={1}>
      <Section title={translate('app.companies.sections.identity')}>
        <TextInput source="fiscal_name" validate={fiscalNameValidators} fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextInput
            source="tax_id"
            validate={nitValidators(kind === 'company')}
            helperText={translate('app.companies.nit_help')}
            fullWidth
          />
          {editing && isAdministrator ? (
            <SelectInput source="status" choices={statusChoices} sx={{ minWidth: 180 }} />
          ) : null}
        </Stack>
      </Section>
      <Section title={translate('app.companies.sections.location')}>
        <LocationInputs />
      </Section>
      <Section title={translate('app.companies.sections.support')}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.companies.support_help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextInput source="support_phone" validate={validPhone()} fullWidth />
          <TextInput source="support_whatsapp" validate={validPhone()} fullWidth />
        </Stack>
        <TextInput source="support_email" type="email" validate={validEmail()} fullWidth />
      </Section>
      {isAdministrator ? (
        <Section title={translate('app.companies.sections.storage')}>
          <NumberInput source="storage_capacity_gb" min={0} step={1} sx={{ maxWidth: 280 }} />
        </Section>
      ) : null}
    </Stack>
  );
}
