import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InputIcon from '@mui/icons-material/Input';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  type FieldType,
  SIGNER_ONLY_TYPES,
  type TemplateField,
  templateField,
} from '../../../contract/endpoints/templateFields';
import { DATE_FORMAT_LABELS, DATE_FORMATS, type DateFormat } from '../../../contract/fieldValueText';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { fieldNameFor } from './fieldNames';

const MAX_SIGNERS = 5;
const isSignerOnly = (type: FieldType) => (SIGNER_ONLY_TYPES as readonly string[]).includes(type);

export type TemplateFieldsPanelProps = {
  fields: readonly TemplateField[];
  onChange: (fields: TemplateField[]) => void;
  onInsert: (name: string) => void;
};

/** The side list of merge fields: add one (type, label, required, who fills it), insert it, remove it. */
export function TemplateFieldsPanel({ fields, onChange, onInsert }: TemplateFieldsPanelProps) {
  const app = useAppTranslate();
  const [label, setLabel] = useState('');
  const [type, setType] = useState<FieldType>('text');
  const [required, setRequired] = useState(true);
  const [filledBy, setFilledBy] = useState(0);
  const [options, setOptions] = useState('');
  const [dateFormat, setDateFormat] = useState<DateFormat>('long');
  const [error, setError] = useState<string | null>(null);
  const fillers = Array.from({ length: MAX_SIGNERS + 1 }, (_, index) => index).filter(
    (index) => index > 0 || !isSignerOnly(type),
  );

  const add = () => {
    const name = fieldNameFor(
      label,
      fields.map((field) => field.name),
    );
    const parsed = templateField.safeParse({
      name,
      label: label.trim(),
      type,
      required,
      filled_by: isSignerOnly(type) ? Math.max(1, filledBy) : filledBy,
      ...(type === 'select'
        ? {
            options: options
              .split('\n')
              .map((option) => option.trim())
              .filter(Boolean),
          }
        : {}),
      ...(type === 'date' && dateFormat !== 'long' ? { date_format: dateFormat } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revise el campo');
      return;
    }
    setError(null);
    onChange([...fields, parsed.data]);
    setLabel('');
    setOptions('');
    onInsert(parsed.data.name);
  };

  return (
    <Box component="section" aria-labelledby="fields-title">
      <Typography id="fields-title" variant="h6" component="h2" gutterBottom>
        {app('app.templates.fields_title')}
      </Typography>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {app('app.templates.fields_empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={app('app.templates.fields_title')}>
          {fields.map((field) => (
            <ListItem
              key={field.name}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title={app('app.templates.insert_field', { name: field.name })}>
                    <IconButton
                      aria-label={app('app.templates.insert_field', { name: field.name })}
                      onClick={() => onInsert(field.name)}
                      size="small"
                    >
                      <InputIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={app('app.templates.remove_field', { name: field.name })}>
                    <IconButton
                      aria-label={app('app.templates.remove_field', { name: field.name })}
                      onClick={() => onChange(fields.filter((other) => other.name !== field.name))}
                      size="small"
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
              sx={{ pr: 10 }}
            >
              <ListItemText
                primary={field.label}
                secondary={
                  <Stack
                    component="span"
                    direction="row"
                    sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <Chip component="span" size="small" label={FIELD_TYPE_LABELS[field.type]} />
                    <span>
                      {field.filled_by === 0
                        ? app('app.templates.sender')
                        : app('app.templates.signer', { number: field.filled_by })}
                      {field.required ? ` · ${app('app.templates.field_required')}` : ''}
                    </span>
                  </Stack>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        <TextField
          size="small"
          label={app('app.templates.field_label')}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? undefined}
        />
        <TextField
          select
          size="small"
          label={app('app.templates.field_type')}
          value={type}
          onChange={(event) => setType(event.target.value as FieldType)}
        >
          {FIELD_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {FIELD_TYPE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        {type === 'select' ? (
          <TextField
            size="small"
            multiline
            minRows={2}
            label={app('app.templates.field_options')}
            value={options}
            onChange={(event) => setOptions(event.target.value)}
          />
        ) : null}
        {type === 'date' ? (
          <TextField
            select
            size="small"
            label={app('app.templates.field_date_format')}
            value={dateFormat}
            onChange={(event) => setDateFormat(event.target.value as DateFormat)}
          >
            {DATE_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {DATE_FORMAT_LABELS[format]}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          select
          size="small"
          label={app('app.templates.field_filled_by')}
          value={isSignerOnly(type) ? Math.max(1, filledBy) : filledBy}
          onChange={(event) => setFilledBy(Number(event.target.value))}
        >
          {fillers.map((index) => (
            <MenuItem key={index} value={index}>
              {index === 0 ? app('app.templates.sender') : app('app.templates.signer', { number: index })}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={required} onChange={(event) => setRequired(event.target.checked)} />}
          label={app('app.templates.field_required')}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!label.trim()}>
          {app('app.templates.add_field')}
        </Button>
      </Stack>
    </Box>
  );
}
