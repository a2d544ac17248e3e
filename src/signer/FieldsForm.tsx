import { Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import type { FieldBox } from './api';

/** The text, date and checkbox boxes this signer fills (the values are stamped into them). */
export function FieldsForm({
  boxes,
  values,
  onChange,
}: {
  boxes: FieldBox[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="fields-title">
      <Typography id="fields-title" component="h2" variant="h6">
        Campos por completar
      </Typography>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {boxes.map((box) =>
          box.kind === 'checkbox' ? (
            <FormControlLabel
              key={box.field}
              label={box.field}
              control={
                <Checkbox
                  checked={values[box.field] === 'true'}
                  onChange={(event) => onChange({ ...values, [box.field]: String(event.target.checked) })}
                />
              }
            />
          ) : (
            <TextField
              key={box.field}
              label={box.field}
              type={box.kind === 'date' ? 'date' : 'text'}
              value={values[box.field] ?? ''}
              onChange={(event) => onChange({ ...values, [box.field]: event.target.value })}
              slotProps={{ inputLabel: { shrink: box.kind === 'date' ? true : undefined } }}
            />
          ),
        )}
      </Stack>
    </Paper>
  );
}
