import { Box, InputAdornment, Stack } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { VALIDATION_MESSAGES } from '../../../contract';
import { integersOnly, matchesFormat, maxLength, requiredField } from '../../validation';
import { useActiveStatusChoices } from '../banners/BannerInputs';

/** USD with at most 2 decimals, as the API accepts it (contract usdAmount). */
export const USD_AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/;

const between =
  (min: number, max: number): Validator =>
  (value: unknown) =>
    value === undefined || value === null || value === '' || (Number(value) >= min && Number(value) <= max)
      ? undefined
      : VALIDATION_MESSAGES.invalidFormat;

const HALF = { flex: 1, minWidth: 0 } as const;

/** The fields of a plan, shared by the create and edit dialogs. */
export function PlanInputs() {
  const unlimited = useWatch({ name: 'unlimited' });
  const statusChoices = useActiveStatusChoices();
  return (
    <>
      <TextInput source="name" validate={[requiredField(), maxLength(120)]} fullWidth />
      <BooleanInput source="unlimited" />
      {unlimited ? null : (
        <NumberInput
          source="signatures"
          min={1}
          step={1}
          validate={[requiredField(), integersOnly(), between(1, 100_000_000)]}
          fullWidth
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <Box sx={HALF}>
          <TextInput
            source="price_usd"
            validate={[requiredField(), matchesFormat(USD_AMOUNT)]}
            fullWidth
            slotProps={{ input: { startAdornment: <InputAdornment position="start">US$</InputAdornment> } }}
            // A comma is accepted as the decimal separator (Colombian habit) and sent as a point.
            parse={(value: string) => value.replace(',', '.')}
          />
        </Box>
        <Box sx={HALF}>
          <NumberInput
            source="validity_days"
            min={1}
            max={3650}
            step={1}
            validate={[requiredField(), integersOnly(), between(1, 3650)]}
            fullWidth
          />
        </Box>
      </Stack>
      <SelectInput source="status" choices={statusChoices} validate={requiredField()} fullWidth />
    </>
  );
}

export const NEW_PLAN_DEFAULTS = { unlimited: false, status: 'active', validity_days: 365 };
