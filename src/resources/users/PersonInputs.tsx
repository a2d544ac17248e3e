import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { VALIDATION_MESSAGES } from '../../../contract';
import {
  DigitsInput,
  matchesFormat,
  maxLength,
  minLength,
  numbersOnly,
  requiredField,
} from '../../validation';
import { useIdentificationTypes } from './userChoices';

/** Two columns from small screens up, one on phones. */
export function InputGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        '& > *': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

const required = [requiredField(), maxLength(100)];
const phone = [numbersOnly(), minLength(7), maxLength(20)];
const idNumber = [matchesFormat(/^[A-Za-z0-9-]{3,20}$/)];
// A document number needs its type (the API answers the same).
const idType = (value: unknown, values: Record<string, unknown>) =>
  values.id_number && (value === undefined || value === null || value === '')
    ? VALIDATION_MESSAGES.required
    : undefined;

/**
 * The person's own fields (contract `personFields`), shared by the administration form and the
 * profile: name, last name, phone (digits only) and identity document. `resource` gives the labels.
 */
export function PersonInputs({ resource = 'users' }: { resource?: string }) {
  const identificationTypes = useIdentificationTypes();
  // The type is required once there is a number: its label says so then, like the other required ones.
  const numberTyped = useWatch({ name: 'id_number' }) as unknown;
  const typeRequired = typeof numberTyped === 'string' && numberTyped.trim() !== '';
  return (
    <InputGrid>
      <TextInput resource={resource} source="name" validate={required} autoComplete="given-name" />
      <TextInput resource={resource} source="last_name" validate={required} autoComplete="family-name" />
      <DigitsInput resource={resource} source="phone" validate={phone} autoComplete="tel" />
      <Box />
      <SelectInput
        resource={resource}
        source="id_type"
        choices={identificationTypes.choices}
        isPending={identificationTypes.isPending}
        emptyText="—"
        validate={idType}
        isRequired={typeRequired}
      />
      <TextInput resource={resource} source="id_number" validate={idNumber} />
    </InputGrid>
  );
}
