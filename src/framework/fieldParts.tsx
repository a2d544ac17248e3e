import { Box, Chip, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  BooleanInput,
  DateInput,
  NumberInput,
  type RaRecord,
  SelectInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { formatCurrency, formatDate, formatDateTime } from '../format';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { CompanySelectInput } from './common/companyChoices';
import type { ValueChipStyles } from './common/ValueChip';
import type { NamedField } from './fieldKinds';
import { BooleanValue, MoneyInput, ReferencePicker, ReferenceValue } from './kindParts';
import type { FieldChoices } from './types';

export type { NamedField } from './fieldKinds';

/** The record field a column or detail reads: a company field shows the company's name. */
export const displaySource = ({ source, kind }: NamedField) =>
  kind === 'company' ? source.replace(/_id$/, '_name') : source;

/**
 * The catalogue key of a field's label: the declared source's (`company_id`), also where the value
 * shown comes from another record field (`company_name`), so no humanised «Company name» shows.
 */
export const fieldLabelKey = (resource: string, field: NamedField): string =>
  field.label ?? `resources.${resource}.fields.${field.source}`;

/** The catalogue key of a choice value's label. */
export const choiceLabelKey = (choices: FieldChoices, value: string): AppMessageKey =>
  (typeof choices.labels === 'string'
    ? `${choices.labels}.${value}`
    : choices.labels[value]) as AppMessageKey;

/** A choice field's values, labels and colours from a `ValueChip` style table. */
export function choicesOfStyles(styles: ValueChipStyles, anyLabel?: AppMessageKey): FieldChoices {
  const entries = Object.entries(styles);
  return {
    values: entries.map(([value]) => value),
    labels: Object.fromEntries(entries.map(([value, style]) => [value, style.label])),
    colors: Object.fromEntries(
      entries.flatMap(([value, style]) => (style.color ? [[value, style.color]] : [])),
    ),
    ...(anyLabel ? { anyLabel } : {}),
  };
}

/** The `{ id, name }` choices of a select, translated. */
export function useChoiceOptions(choices: FieldChoices | undefined) {
  const translate = useAppTranslate();
  return (choices?.values ?? []).map((value) => ({
    id: value,
    name: translate(choiceLabelKey(choices as FieldChoices, value)),
  }));
}

/** A choice value as a coloured chip with its Spanish label. */
function ChoiceChip({ field, value }: { field: NamedField; value: unknown }) {
  const translate = useAppTranslate();
  if (value === undefined || value === null || !field.choices) return null;
  const color = field.choices.colors?.[String(value)];
  return (
    <Chip
      size="small"
      color={color ?? 'default'}
      variant={color ? 'filled' : 'outlined'}
      label={translate(choiceLabelKey(field.choices, String(value)))}
    />
  );
}

function CountValue({ label, count }: { label: AppMessageKey; count: number }) {
  const translate = useAppTranslate();
  return translate(label, { smart_count: count });
}

/** How a field's value shows in a column, a phone row and the details dialog. */
export function FieldValue({ field, record }: { field: NamedField; record: RaRecord }): ReactNode {
  if (field.render) return field.render(record);
  const value = record[displaySource(field)];
  if (field.countLabel && typeof value === 'number')
    return <CountValue label={field.countLabel} count={value} />;
  if (field.kind === 'choice') return <ChoiceChip field={field} value={value} />;
  if (field.kind === 'boolean') return <BooleanValue value={value} />;
  if (field.kind === 'reference' && field.references)
    return <ReferenceValue record={record} source={field.source} references={field.references} />;
  if (value === undefined || value === null || value === '') return '—';
  if (field.kind === 'money') return formatCurrency(value as number);
  if (field.kind === 'dateTime') return formatDateTime(String(value));
  if (field.kind === 'date') return formatDate(String(value));
  return String(value);
}

/** The company of a record being edited: fixed once created, shown as text. */
function FixedCompany({ field }: { field: NamedField }) {
  const record = useRecordContext();
  const translate = useAppTranslate();
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('app.users.company')}
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{String(record?.[displaySource(field)] ?? '')}</Typography>
    </Box>
  );
}

/** The generated input of a field (or its override), marked required when the schema says so. */
export function FieldInput({
  field,
  required,
  editing,
}: {
  field: NamedField;
  required: boolean;
  editing: boolean;
}): ReactElement {
  const translate = useAppTranslate();
  const options = useChoiceOptions(field.choices);
  if (field.input) return field.input;
  const common = {
    source: field.source,
    isRequired: required,
    ...(field.label ? { label: field.label } : {}),
    ...(field.helper ? { helperText: translate(field.helper) } : {}),
  };
  switch (field.kind) {
    case 'company':
      return editing ? <FixedCompany field={field} /> : <CompanySelectInput {...common} />;
    case 'choice':
      return <SelectInput {...common} choices={options} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'money':
      return <MoneyInput {...common} />;
    case 'reference':
      return field.references ? (
        <ReferencePicker {...common} references={field.references} />
      ) : (
        <NumberInput {...common} />
      );
    case 'date':
      return <DateInput {...common} />;
    case 'longText':
      return <TextInput {...common} multiline minRows={2} />;
    default:
      return field.upperCase ? (
        <TextInput {...common} parse={(value: string) => value.toUpperCase()} />
      ) : (
        <TextInput {...common} />
      );
  }
}
