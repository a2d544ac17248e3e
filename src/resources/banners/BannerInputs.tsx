import { Box, Stack } from '@mui/material';
import { DateInput, RadioButtonGroupInput, SelectInput, TextInput, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { APP_TIME_ZONE } from '../../format';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { maxLength, requiredField } from '../../validation';
import { BannerImageInput } from './BannerImageInput';

/** "La fecha de fin debe ser posterior a la de inicio", checked on the form before the server does. */
export const endAfterStart =
  (startSource: string): Validator =>
  (value: unknown, allValues: Record<string, unknown>) => {
    const start = allValues[startSource];
    if (!value || !start) return undefined;
    return String(value).slice(0, 10) < String(start).slice(0, 10)
      ? 'app.platform.common.end_before_start'
      : undefined;
  };

export function useAudienceChoices(withAdministrators: boolean) {
  const translate = useAppTranslate();
  return [
    { id: 'all', name: translate('app.platform.common.audience_all') },
    ...(withAdministrators
      ? [{ id: 'administrators', name: translate('app.platform.common.audience_administrators') }]
      : []),
    { id: 'company', name: translate('app.platform.common.audience_company') },
  ];
}

export function useActiveStatusChoices() {
  const translate = useAppTranslate();
  return [
    { id: 'active', name: translate('app.platform.common.active') },
    { id: 'inactive', name: translate('app.platform.common.inactive') },
  ];
}

const HALF = { flex: 1, minWidth: 0 } as const;

/** The fields of a banner, shared by the create and edit dialogs (STYLE 2). */
export function BannerInputs() {
  const translate = useAppTranslate();
  const kind = useWatch({ name: 'kind' });
  const audience = useWatch({ name: 'audience' });
  const statusChoices = useActiveStatusChoices();
  const audienceChoices = useAudienceChoices(true);
  return (
    <>
      <RadioButtonGroupInput
        source="kind"
        validate={requiredField()}
        choices={[
          { id: 'image', name: translate('app.platform.banners.kind_image') },
          { id: 'text', name: translate('app.platform.banners.kind_text') },
        ]}
      />
      <TextInput source="title" validate={[requiredField(), maxLength(150)]} fullWidth />
      {kind === 'image' ? <BannerImageInput /> : null}
      <TextInput
        source="body"
        validate={[maxLength(2000)]}
        multiline
        minRows={kind === 'text' ? 3 : 1}
        fullWidth
      />
      <TextInput source="link_url" type="url" validate={[maxLength(2000)]} fullWidth placeholder="https://" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <Box sx={HALF}>
          <SelectInput source="audience" choices={audienceChoices} validate={requiredField()} fullWidth />
        </Box>
        <Box sx={HALF}>
          <SelectInput source="status" choices={statusChoices} validate={requiredField()} fullWidth />
        </Box>
      </Stack>
      {audience === 'company' ? (
        <CompanySelectInput validate={requiredField()} helperText="app.platform.common.company_search" />
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <Box sx={HALF}>
          <DateInput source="starts_at" validate={requiredField()} fullWidth />
        </Box>
        <Box sx={HALF}>
          <DateInput source="ends_at" validate={[requiredField(), endAfterStart('starts_at')]} fullWidth />
        </Box>
      </Stack>
    </>
  );
}

/** A new banner: a text banner for everyone, active from today for a month. */
export function newBannerDefaults(today = new Date()) {
  // en-CA writes YYYY-MM-DD; the day is Bogotá's, as the server reads plain dates.
  const iso = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: APP_TIME_ZONE });
  const end = new Date(today.getTime() + 30 * 86_400_000);
  return { kind: 'text', audience: 'all', status: 'active', starts_at: iso(today), ends_at: iso(end) };
}
