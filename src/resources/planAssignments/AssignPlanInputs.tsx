import { Alert, Box, Stack } from '@mui/material';
import { AutocompleteInput, DateInput, ReferenceInput } from 'react-admin';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { requiredField } from '../../validation';
import { endAfterStart } from '../banners/BannerInputs';

const HALF = { flex: 1, minWidth: 0 } as const;

/** "Asignar plan": a company, an active plan, a start date and an optional expiry. */
export function AssignPlanInputs() {
  const translate = useAppTranslate();
  return (
    <>
      <CompanySelectInput validate={requiredField()} helperText="app.platform.common.company_search" />
      <ReferenceInput
        source="plan_id"
        reference="plans"
        filter={{ status: 'active' }}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteInput
          optionText="name"
          validate={requiredField()}
          filterToQuery={(search) => ({ search })}
          label="resources.plan_assignments.fields.plan_id"
        />
      </ReferenceInput>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <Box sx={HALF}>
          <DateInput source="starts_at" validate={requiredField()} fullWidth />
        </Box>
        <Box sx={HALF}>
          <DateInput source="expired_at" validate={endAfterStart('starts_at')} fullWidth />
        </Box>
      </Stack>
      <Alert severity="info" variant="outlined">
        {translate('app.platform.plans.assign_hint')}
      </Alert>
    </>
  );
}
