import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';

type Changes = EndpointReply<'getTemplateChanges'>;
type Block = Changes['body'][number];

const BLOCK_COLOURS: Record<Block['change'], { before?: string; after?: string }> = {
  same: {},
  added: { after: 'success.light' },
  removed: { before: 'error.light' },
  changed: { before: 'warning.light', after: 'warning.light' },
};

/** One row of the side-by-side comparison: the old block on the left, the new one on the right. */
function DiffRow({ block }: { block: Block }) {
  const colours = BLOCK_COLOURS[block.change];
  const cell = (text: string | null, background?: string, side?: string) => (
    <Box
      data-change={block.change}
      data-side={side}
      sx={{ flex: 1, minWidth: 0, p: 0.75, bgcolor: background, borderRadius: 1, overflowWrap: 'anywhere' }}
    >
      {text ?? ''}
    </Box>
  );
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      {cell(block.before, colours.before, 'before')}
      {cell(block.after, colours.after, 'after')}
    </Stack>
  );
}

function ChangesView({ changes }: { changes: Changes }) {
  const app = useAppTranslate();
  const { fields } = changes;
  const blocks = [...changes.header, ...changes.body, ...changes.footer];
  const fieldList = (title: Parameters<typeof app>[0], names: string[]) =>
    names.length ? (
      <Typography variant="body2">
        <strong>{app(title)}:</strong> {names.join(', ')}
      </Typography>
    ) : null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {changes.previous
            ? app('app.templates.before', { number: changes.previous.number })
            : app('app.templates.before_none')}
        </Typography>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {app('app.templates.after', { number: changes.version.number })}
        </Typography>
      </Stack>
      {blocks.every((block) => block.change === 'same') ? (
        <Typography variant="body2">{app('app.templates.no_changes')}</Typography>
      ) : null}
      <Box aria-label="Comparación lado a lado">
        {blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a fixed comparison; repeated text is common
          <DiffRow key={`${index}-${block.change}`} block={block} />
        ))}
      </Box>
      {fieldList(
        'app.templates.fields_added',
        fields.added.map((field) => field.name),
      )}
      {fieldList(
        'app.templates.fields_removed',
        fields.removed.map((field) => field.name),
      )}
      {fieldList(
        'app.templates.fields_changed',
        fields.changed.map((field) => field.name),
      )}
      {changes.page_changed ? (
        <Typography variant="body2">{app('app.templates.page_changed')}</Typography>
      ) : null}
    </Stack>
  );
}

/** The saved versions of a template, newest first; each opens what it changed against the one before. */
export function TemplateVersionsPanel({
  templateId,
  refreshKey,
}: {
  templateId: number;
  refreshKey: number;
}) {
  const app = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState<number | null>(null);
  const versions = useQuery({
    queryKey: ['templateVersions', templateId, refreshKey],
    queryFn: () => dataProvider.callEndpoint('getTemplateVersions', { template_id: templateId }),
  });
  const changes = useQuery({
    queryKey: ['templateChanges', templateId, open],
    enabled: open !== null,
    queryFn: () =>
      dataProvider.callEndpoint('getTemplateChanges', { template_id: templateId, version_id: open ?? 0 }),
  });
  const opened = versions.data?.find((version) => version.id === open);
  return (
    <Box component="section" aria-labelledby="versions-title">
      <Typography id="versions-title" variant="h6" component="h2" gutterBottom>
        {app('app.templates.versions_title')}
      </Typography>
      {versions.data?.length ? (
        <List dense disablePadding>
          {versions.data.map((version) => (
            <ListItem
              key={version.id}
              disableGutters
              secondaryAction={
                <Button size="small" onClick={() => setOpen(version.id)}>
                  {app('app.templates.compare')}
                </Button>
              }
              sx={{ pr: 14 }}
            >
              <ListItemText
                primary={
                  <>
                    {app('app.templates.version_item', {
                      number: version.number,
                      date: formatDateTime(version.created_at),
                    })}{' '}
                    {version.current ? (
                      <Chip size="small" color="success" label={app('app.templates.current')} />
                    ) : null}
                  </>
                }
                secondary={version.author_name ?? undefined}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {app('app.templates.versions_empty')}
        </Typography>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="md" fullScreen={phone}>
        <DialogTitle>{app('app.templates.changes_title', { number: opened?.number ?? '' })}</DialogTitle>
        <DialogContent>{changes.data ? <ChangesView changes={changes.data} /> : null}</DialogContent>
        <Box sx={{ p: 2, textAlign: 'right' }}>
          <Button onClick={() => setOpen(null)}>{app('app.platform.common.close')}</Button>
        </Box>
      </Dialog>
    </Box>
  );
}
