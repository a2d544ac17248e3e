import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { type BulkRow, useBulkTranslate } from './bulkApi';

export type RowFixes = { row_number: number; values: Record<string, string> }[];

type Props = {
  rows: readonly BulkRow[];
  saving: boolean;
  onSave(fixes: RowFixes): void;
};

const cellKey = (row: number, column: string) => `${row}:${column}`;

/**
 * The per-row report of a draft batch: one line per problem (row, column, Spanish message) with
 * the value to correct in place; saving sends only what changed, and the server checks it again.
 */
export function BulkReport({ rows, saving, onSave }: Props) {
  const translate = useBulkTranslate();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const problems = rows.flatMap((row) => row.errors.map((error) => ({ row, error })));

  if (problems.length === 0) return <Alert severity="success">{translate('report_empty')}</Alert>;

  const save = () => {
    const byRow = new Map<number, Record<string, string>>();
    for (const [key, value] of Object.entries(edits)) {
      const [row, ...column] = key.split(':');
      const values = byRow.get(Number(row)) ?? {};
      values[column.join(':')] = value;
      byRow.set(Number(row), values);
    }
    onSave([...byRow].map(([row_number, values]) => ({ row_number, values })));
  };

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('report_title')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('report_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('row')}</TableCell>
              <TableCell>{translate('column')}</TableCell>
              <TableCell>{translate('message')}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>{translate('value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.map(({ row, error }) => {
              const key = cellKey(row.row_number, error.column);
              return (
                <TableRow key={key}>
                  <TableCell>{row.row_number}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{error.column}</TableCell>
                  <TableCell>{error.message}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      value={edits[key] ?? row.values[error.column] ?? ''}
                      onChange={(event) => setEdits((current) => ({ ...current, [key]: event.target.value }))}
                      slotProps={{
                        htmlInput: {
                          'aria-label': `${translate('value')}: ${translate('row')} ${row.row_number}, ${error.column}`,
                        },
                      }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        startIcon={<SaveOutlinedIcon />}
        disabled={saving || Object.keys(edits).length === 0}
        onClick={save}
      >
        {translate('save_fixes')}
      </Button>
    </Box>
  );
}
