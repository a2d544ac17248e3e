import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type BulkBatch, progressOf, useBulkTranslate } from './bulkApi';

/** A batch being sent: its progress bar while rows are queued, then the summary with each failure. */
export function BulkProgress({ batch }: { batch: BulkBatch }) {
  const translate = useBulkTranslate();
  const processed = batch.sent + batch.failed;
  const total = processed + batch.queued;
  const failed = batch.rows.filter((row) => row.status === 'failed');
  return (
    <Box>
      {batch.status === 'sending' ? (
        <Box>
          <LinearProgress
            variant="determinate"
            value={progressOf(batch)}
            aria-label={translate('progress_label')}
            sx={{ height: 10, borderRadius: 5 }}
          />
          <Typography sx={{ mt: 1 }} role="status">
            {translate('progress', { done: processed, total })}
          </Typography>
        </Box>
      ) : (
        <Alert severity={batch.failed > 0 ? 'warning' : 'success'} role="status">
          <strong>{translate('done_title')}</strong>
          {': '}
          {translate('done_summary', { sent: batch.sent, failed: batch.failed })}
        </Alert>
      )}
      {failed.length > 0 && (
        <Box sx={{ mt: 2, overflowX: 'auto' }}>
          <Typography variant="h6" component="h2">
            {translate('failed_title')}
          </Typography>
          <Table size="small" aria-label={translate('failed_title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('row')}</TableCell>
                <TableCell>{translate('reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failed.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.row_number}</TableCell>
                  <TableCell>{row.failure}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
