import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Collapse, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebounced } from '../../framework/common/useDebounced';
import { HISTORY_TEXT, REQUEST_STATUS_LABELS, REQUEST_STATUS_VALUES } from './requestHistoryText';

export type HistoryFilterValues = {
  status: '' | (typeof REQUEST_STATUS_VALUES)[number];
  signer: string;
  date_from: string;
  date_to: string;
};

const EMPTY: HistoryFilterValues = { status: '', signer: '', date_from: '', date_to: '' };

/**
 * Status, signer and date filters of the history; the signer search waits for typing to pause.
 * Below md they fold behind «Filtros» (with the count of those in use), so a phone's first screen
 * shows requests rather than four inputs.
 */
export function HistoryFilters({
  value,
  onChange,
}: {
  value: HistoryFilterValues;
  onChange: (next: HistoryFilterValues) => void;
}) {
  const [signer, setSigner] = useState(value.signer);
  const debounced = useDebounced(signer, 400);
  // Only a settled change of the search applies; the other filters apply at once through `latest`.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const current = latest.current;
    if (debounced !== current.value.signer) current.onChange({ ...current.value, signer: debounced });
  }, [debounced]);
  const folds = useMediaQuery(useTheme().breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const inputs = (
    // One column on a phone, two on a tablet, one row on a desktop (the theme's fields are full width).
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: '1fr',
          sm: '1fr 1fr',
          lg: 'minmax(0, 1fr) minmax(0, 1.4fr) repeat(2, minmax(0, 1fr)) auto',
        },
      }}
    >
      <TextField
        select
        size="small"
        label={HISTORY_TEXT.status}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.target.value as HistoryFilterValues['status'] })
        }
      >
        <MenuItem value="">{HISTORY_TEXT.allStatuses}</MenuItem>
        {REQUEST_STATUS_VALUES.map((status) => (
          <MenuItem key={status} value={status}>
            {REQUEST_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={HISTORY_TEXT.signer}
        value={signer}
        onChange={(event) => setSigner(event.target.value)}
      />
      <TextField
        size="small"
        type="date"
        label={HISTORY_TEXT.dateFrom}
        value={value.date_from}
        onChange={(event) => onChange({ ...value, date_from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={HISTORY_TEXT.dateTo}
        value={value.date_to}
        onChange={(event) => onChange({ ...value, date_to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        onClick={() => {
          setSigner('');
          onChange(EMPTY);
        }}
      >
        {HISTORY_TEXT.clearFilters}
      </Button>
    </Box>
  );
  if (!folds) return inputs;
  const active = Object.values(value).filter((each) => each !== '').length;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {HISTORY_TEXT.filters(active)}
      </Button>
      <Collapse in={open} id={panelId} sx={{ '& .MuiCollapse-wrapperInner': { pt: 2 } }}>
        {inputs}
      </Collapse>
    </Box>
  );
}
