import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import type { TreeFolder } from './FolderTree';

type Entry = {
  user_id: number | null;
  user_group_id: number | null;
  name: string;
  can_view: boolean;
  can_send: boolean;
  can_edit: boolean;
};
type Option = { id: number; name: string; kind: 'user' | 'group' };
const RIGHTS = ['can_view', 'can_send', 'can_edit'] as const;

const keyOf = (entry: Entry) => (entry.user_id ? `u${entry.user_id}` : `g${entry.user_group_id}`);

/** Who may view, use to send or edit the groups of a folder (and of its subfolders). */
export function FolderPermissionsDialog({
  folder,
  companyId,
  onClose,
}: {
  folder: TreeFolder;
  companyId: number;
  onClose: () => void;
}) {
  const translate = useAppTranslate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['folder-permissions', folder.id],
    queryFn: ({ signal }) => dataProvider.callEndpoint('getFolderPermissions', { id: folder.id }, { signal }),
  });
  const candidates = useQuery({
    queryKey: ['folder-permission-candidates', companyId],
    queryFn: async ({ signal }) => {
      const [users, groups] = await Promise.all([
        dataProvider.callEndpoint('listGroupUsers', { company_id: companyId }, { signal }),
        dataProvider.callEndpoint(
          'listGroups',
          { page: 1, itemsPerPage: 100, company_id: companyId },
          { signal },
        ),
      ]);
      return [
        ...groups.items.map((group): Option => ({ id: group.id, name: group.name, kind: 'group' })),
        ...users.map((user): Option => ({ id: user.id, name: user.full_name, kind: 'user' })),
      ];
    },
  });
  const [entries, setEntries] = useState<Entry[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data) setEntries(current.data.entries);
  }, [current.data]);

  const taken = new Set(entries.map(keyOf));
  const options = (candidates.data ?? []).filter(
    (option) => !taken.has(option.kind === 'user' ? `u${option.id}` : `g${option.id}`),
  );
  const add = (option: Option | null) => {
    if (!option) return;
    setEntries((list) => [
      ...list,
      {
        user_id: option.kind === 'user' ? option.id : null,
        user_group_id: option.kind === 'group' ? option.id : null,
        name: option.name,
        can_view: true,
        can_send: false,
        can_edit: false,
      },
    ]);
  };
  const toggle = (key: string, right: (typeof RIGHTS)[number], value: boolean) =>
    setEntries((list) =>
      list.map((entry) => {
        if (keyOf(entry) !== key) return entry;
        const next = { ...entry, [right]: value };
        // Sending or editing a folder's groups needs seeing them.
        if (right !== 'can_view' && value) next.can_view = true;
        if (right === 'can_view' && !value) Object.assign(next, { can_send: false, can_edit: false });
        return next;
      }),
    );
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.callEndpoint(
        'setFolderPermissions',
        {
          id: folder.id,
          body: {
            entries: entries.map(({ name: _name, ...entry }) => ({
              ...(entry.user_id ? { user_id: entry.user_id } : { user_group_id: entry.user_group_id }),
              can_view: entry.can_view,
              can_send: entry.can_send,
              can_edit: entry.can_edit,
            })),
          },
        },
        { alert: true },
      );
      await queryClient.invalidateQueries({ queryKey: ['document-group-tree'] });
      await queryClient.invalidateQueries({ queryKey: ['folder-permissions'] });
      onClose();
    } catch {
      // The toast already shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{translate('app.document_groups.permissions_title', { name: folder.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.document_groups.permissions_help')}
          </Typography>
          <Autocomplete
            options={options}
            groupBy={(option) =>
              option.kind === 'group'
                ? translate('app.document_groups.add_group')
                : translate('app.document_groups.add_user')
            }
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id && a.kind === b.kind}
            value={null}
            onChange={(_, option) => add(option)}
            loading={candidates.isPending}
            renderInput={(params) => (
              <TextField
                {...params}
                label={`${translate('app.document_groups.add_group')} / ${translate('app.document_groups.add_user')}`}
              />
            )}
          />
          {entries.length === 0 ? (
            <Alert severity="info">{translate('app.document_groups.no_permissions')}</Alert>
          ) : (
            <List disablePadding aria-label={translate('app.document_groups.folder_permissions')}>
              {entries.map((entry) => (
                <ListItem key={keyOf(entry)} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Typography sx={{ flex: '1 1 160px', fontWeight: 500, minWidth: 0 }}>
                    {entry.name}
                  </Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                    {RIGHTS.map((right) => (
                      <FormControlLabel
                        key={right}
                        control={
                          <Checkbox
                            checked={entry[right]}
                            onChange={(event) => toggle(keyOf(entry), right, event.target.checked)}
                            slotProps={{
                              input: {
                                'aria-label': `${translate(`app.document_groups.${right}`)} · ${entry.name}`,
                              },
                            }}
                          />
                        }
                        label={translate(`app.document_groups.${right}`)}
                      />
                    ))}
                  </Stack>
                  <IconButton
                    aria-label={translate('app.document_groups.remove_entry', { name: entry.name })}
                    onClick={() => setEntries((list) => list.filter((each) => keyOf(each) !== keyOf(entry)))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </ListItem>
              ))}
            </List>
          )}
          {current.data?.inherited.length ? (
            <Stack spacing={0.5}>
              {current.data.inherited.map((entry) => (
                <Typography key={`${entry.folder_id}-${keyOf(entry)}`} variant="body2" color="text.secondary">
                  {entry.name} · {translate('app.document_groups.inherited', { folder: entry.folder_name })}
                </Typography>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.list.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving || current.isPending}>
          {translate('app.document_groups.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
