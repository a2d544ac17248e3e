import { InputAdornment, TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import {
  AutocompleteInput,
  FieldTitle,
  InputHelperText,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  useCanAccess,
  useInput,
  useResourceContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { APP_LOCALE } from '../format/locale';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { ValueChip, type ValueChipStyles } from './common/ValueChip';

/** Parts of the boolean, money and reference kinds: their value, input and filter. */

const YES_NO: ValueChipStyles = {
  true: { label: 'app.list.boolean.yes', color: 'success' },
  false: { label: 'app.list.boolean.no' },
};

/** A yes/no value as a chip: «Sí» filled, «No» outlined. */
export function BooleanValue({ value }: { value: unknown }) {
  if (value === undefined || value === null) return '—';
  return <ValueChip source="" value={Boolean(value)} styles={YES_NO} />;
}

/** The three-state filter of a yes/no field: Todos, Sí, No (sent as `true` / `false`). */
export function BooleanFilter({
  source,
  alwaysOn,
  label,
}: {
  source: string;
  alwaysOn: boolean;
  label?: AppMessageKey;
}) {
  const translate = useAppTranslate();
  return (
    <SelectInput
      source={source}
      label={label}
      alwaysOn={alwaysOn}
      emptyText={translate('app.list.boolean.any')}
      choices={[
        { id: 'true', name: translate('app.list.boolean.yes') },
        { id: 'false', name: translate('app.list.boolean.no') },
      ]}
    />
  );
}

const moneyNumber = new Intl.NumberFormat(APP_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount as the money input shows it: `1.234.567,89`. */
export const formatMoneyInput = (amount: number) => moneyNumber.format(amount);

/**
 * The amount typed in a money input, Colombian style (`1.234.567,89`, `$ 1.234`, `1234,5`); a dot
 * followed by one or two digits only is read as the decimal point (`1234.5`). Empty → null;
 * anything else → NaN, which the contract's number rule refuses with its message.
 */
export function parseMoneyInput(text: string): number | null {
  const compact = text.replace(/US\$|\$|\s/g, '');
  if (compact === '') return null;
  let normal: string;
  if (compact.includes(',')) normal = compact.replace(/\./g, '').replace(',', '.');
  else if (/^\d+\.\d{1,2}$/.test(compact)) normal = compact;
  else normal = compact.replace(/\.(?=\d{3}(\.|$))/g, '');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** A money input: typed freely, shown with thousands separators once it loses the focus. */
export function MoneyInput({
  source,
  label,
  isRequired,
  helperText,
}: {
  source: string;
  label?: string;
  isRequired?: boolean;
  helperText?: string;
}) {
  const resource = useResourceContext();
  const { field, fieldState, isRequired: required } = useInput({ source, isRequired });
  const [typing, setTyping] = useState<string | null>(null);
  const value: unknown = field.value;
  const shown =
    typing ?? (typeof value === 'number' && Number.isFinite(value) ? formatMoneyInput(value) : '');
  const error = fieldState.error?.message;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={shown}
      label={<FieldTitle label={label} source={source} resource={resource} isRequired={required} />}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      onFocus={() => setTyping(shown)}
      onChange={(event) => {
        setTyping(event.target.value);
        field.onChange(parseMoneyInput(event.target.value));
      }}
      onBlur={() => {
        setTyping(null);
        field.onBlur();
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">US$</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
      }}
      size="small"
      margin="dense"
      fullWidth
    />
  );
}

/** A referenced record by its name (the referenced resource's `recordRepresentation`). */
export function ReferenceValue({
  record,
  source,
  references,
}: {
  record: RaRecord;
  source: string;
  references: string;
}) {
  if (record[source] === undefined || record[source] === null) return '—';
  return <ReferenceField record={record} source={source} reference={references} link={false} />;
}

/**
 * Picks a record of the referenced resource by name (its list's `search`), among those of the
 * form's company when the form has one (a per-company resource lists one company at a time).
 * Offered only to whom may list that resource: a platform-only list (plans, companies) would
 * answer a customer company's picker with 403.
 */
export function ReferencePicker({
  source,
  references,
  label,
  isRequired,
  helperText,
  companyId,
  alwaysOn,
}: {
  source: string;
  references: string;
  label?: AppMessageKey;
  isRequired?: boolean;
  helperText?: string;
  /** The company whose records are offered (a filter has no form company to read). */
  companyId?: number;
  alwaysOn?: boolean;
}): ReactElement {
  const formCompany = useWatch({ name: 'company_id' }) as number | undefined;
  const { canAccess } = useCanAccess({ resource: references, action: 'list' });
  const company = companyId ?? formCompany;
  if (!canAccess) return <></>;
  return (
    <ReferenceInput
      source={source}
      reference={references}
      filter={company ? { company_id: company } : {}}
      alwaysOn={alwaysOn}
    >
      <AutocompleteInput
        label={label}
        isRequired={isRequired}
        helperText={helperText}
        filterToQuery={(search: string) => ({ search })}
        // An emptied picker clears the reference instead of sending an empty string.
        parse={(value: unknown) => (value === '' || value === undefined ? null : value)}
        sx={alwaysOn ? { minWidth: 220 } : undefined}
      />
    </ReferenceInput>
  );
}
