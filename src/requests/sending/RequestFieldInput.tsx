import { MenuItem, TextField } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { TemplateField } from '../../../contract/endpoints/templateFields';
import { fieldValueText } from '../../../contract/fieldValueText';

const inputType: Partial<Record<TemplateField['type'], string>> = {
  date: 'date',
  email: 'email',
  phone: 'tel',
};

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** One merge field as its type asks: text, number, date, e-mail, phone, identification, list, yes/no or image. */
export function RequestFieldInput(props: {
  field: TemplateField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { field, value, error, onChange, onBlur } = props;
  const translate = useTranslate();
  // Dates and numbers print the Colombian way: the sender reads here what the document will say.
  const printed = value.trim() ? fieldValueText(field, value) : value;
  const common = {
    id: `field-${field.name}`,
    label: field.label,
    required: field.required,
    error: Boolean(error),
    helperText:
      error ??
      (printed !== value ? translate('resources.requestSending.printed_as', { text: printed }) : ' '),
    fullWidth: true,
    onBlur,
  };
  if (field.type === 'select' || field.type === 'checkbox') {
    const options =
      field.type === 'select'
        ? field.options.map((option) => ({ value: option, label: option }))
        : [
            { value: 'Sí', label: translate('resources.requestSending.yes') },
            { value: 'No', label: translate('resources.requestSending.no') },
          ];
    return (
      <TextField {...common} select value={value} onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="">—</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.type === 'image') {
    return (
      <TextField
        {...common}
        type="file"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'image/png,image/jpeg' } }}
        onChange={async (event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          onChange(file ? await readAsDataUrl(file) : '');
        }}
      />
    );
  }
  return (
    <TextField
      {...common}
      type={inputType[field.type] ?? 'text'}
      value={value}
      placeholder={field.type === 'identification' ? 'CC 1020304050' : undefined}
      slotProps={{
        inputLabel: field.type === 'date' ? { shrink: true } : undefined,
        htmlInput: field.type === 'number' ? { inputMode: 'decimal' } : undefined,
      }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
