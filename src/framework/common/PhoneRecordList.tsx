import { Box, List, ListItem, ListItemButton, ListItemText, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, RecordContextProvider, useListContext } from 'react-admin';
import { ListEmptyState } from './ListEmptyState';

/** What a list shows per record on a phone (react-admin's SimpleList pattern). */
export type PhoneRowConfig = {
  primaryText: (record: RaRecord) => ReactNode;
  secondaryText?: (record: RaRecord) => ReactNode;
  /** The row's §2.7 buttons, rendered with the record in context. */
  actions?: ReactNode;
};

export type PhoneRecordListProps = PhoneRowConfig & {
  onOpen?: (record: RaRecord) => void;
  emptyTitle?: string;
  emptyHint?: string;
};

/**
 * The records of a list as rows of a card, below the `md` breakpoint: the primary and secondary
 * text of the declaration, the row's buttons wrapped under them, nothing wider than the screen.
 */
export function PhoneRecordList({
  primaryText,
  secondaryText,
  actions,
  onOpen,
  emptyTitle,
  emptyHint,
}: PhoneRecordListProps) {
  const { data, isPending } = useListContext();
  if (isPending) return null;
  if (!data?.length) return <ListEmptyState title={emptyTitle} hint={emptyHint} />;
  return (
    <Paper variant="outlined" sx={{ width: '100%' }}>
      <List disablePadding aria-label="Registros">
        {data.map((record, index) => (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem
              divider={index < data.length - 1}
              disablePadding
              sx={{ display: 'block' }}
              data-testid="phone-row"
            >
              <ListItemButton
                onClick={onOpen ? () => onOpen(record) : undefined}
                disabled={!onOpen}
                sx={{ '&.Mui-disabled': { opacity: 1 } }}
              >
                <ListItemText
                  primary={primaryText(record)}
                  secondary={secondaryText?.(record)}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere', fontWeight: 500 } },
                    secondary: { component: 'div', sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItemButton>
              {actions ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', px: 1, pb: 0.5 }}>
                  {actions}
                </Box>
              ) : null}
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </Paper>
  );
}
