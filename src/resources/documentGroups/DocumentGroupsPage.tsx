import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  DataTable,
  NumberInput,
  type RaRecord,
  required,
  SelectInput,
  TextInput,
  useDataProvider,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import {
  ConfirmDeleteButton,
  EditButton,
  ResourceListPage,
  searchFilter,
  ViewDetailsButton,
} from '../../framework/common';
import { CompanyScopePicker, useCompanyScope } from '../../framework/common/companyChoices';
import { resolvedFieldsOf } from '../../framework/fieldKinds';
import { FieldValue, type NamedField } from '../../framework/fieldParts';
import { GeneratedDetails, type ScreenResource } from '../../framework/GeneratedListPage';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { type FolderAction, FolderToolbar } from './FolderToolbar';
import { FolderTree } from './FolderTree';

export const treeQueryKey = (companyId: number) => ['document-group-tree', companyId] as const;

const fieldsOf = (resource: ScreenResource): NamedField[] => resolvedFieldsOf(resource);

/** Details; edit and delete where the folder's rights and the user's permissions both allow. */
function RowActions() {
  const record = useRecordContext();
  const mayCall = useMayCall();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <ViewDetailsButton />
      {record.can_edit && mayCall('updateDocumentPackage') ? (
        <EditButton to={(row) => `/document/${row.id}`} />
      ) : null}
      {record.can_edit && mayCall('deleteDocumentPackage') ? <ConfirmDeleteButton /> : null}
    </Box>
  );
}

function GroupInputs() {
  const translate = useAppTranslate();
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <SelectInput
        source="signing_order"
        choices={(['sequential', 'parallel'] as const).map((id) => ({
          id,
          name: translate(`app.document_groups.signing_order.${id}`),
        }))}
        fullWidth
      />
      <NumberInput source="expiry_days" min={1} max={365} fullWidth />
    </>
  );
}

/**
 * /document-group: the company's folder tree on the left (create, rename, move by drag and drop or
 * the "Mover" dialog, delete when empty, permissions), the groups of the selected folder and its
 * subfolders on the right, as the declaration's generated columns. Below `md` the tree stacks above.
 */
export function DocumentGroupsPage({ resource }: { resource: ScreenResource }) {
  const translate = useAppTranslate();
  const scope = useCompanyScope();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const mayCall = useMayCall();
  const [companyId, setCompanyId] = useState(scope.companyId);
  const tree = useQuery({
    queryKey: treeQueryKey(companyId),
    queryFn: ({ signal }) => dataProvider.callEndpoint('getPackageTree', { companyId }, { signal }),
    enabled: companyId > 0,
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  useEffect(() => {
    if (tree.data && !tree.data.folders.some((folder) => folder.id === selectedId))
      setSelectedId(tree.data.root_id);
  }, [tree.data, selectedId]);
  const selected = tree.data?.folders.find((folder) => folder.id === selectedId);

  const run = async (folderId: number, action: FolderAction) => {
    try {
      const reply = await dataProvider.callEndpoint(
        'updateFolder',
        { id: folderId, body: action },
        { alert: true },
      );
      queryClient.setQueryData(treeQueryKey(companyId), reply.tree);
      if (action.action === 'create' && reply.folder) setSelectedId(reply.folder.id);
      refresh();
      return true;
    } catch {
      return false; // the toast shows the server's message
    }
  };

  const fields = fieldsOf(resource);
  const columns = fields.filter((field) => field.column);
  return (
    // useFlexGap: Stack's default spacing resets its children's margins, the panel's top margin included.
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'flex-start', minWidth: 0 }}
    >
      <Paper
        variant="outlined"
        component="nav"
        aria-label={translate('app.document_groups.folders')}
        sx={{ p: 1.5, width: { xs: '100%', md: 300 }, flexShrink: 0, mt: { md: 2 } }}
      >
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {translate('app.document_groups.folders')}
          </Typography>
          {tree.data && selected ? (
            <>
              <FolderToolbar tree={tree.data} folder={selected} companyId={companyId} run={run} />
              <FolderTree
                tree={tree.data}
                selectedId={selected.id}
                onSelect={setSelectedId}
                onMove={
                  mayCall('updateFolder')
                    ? (folderId, parentId) => void run(folderId, { action: 'move', parent_id: parentId })
                    : undefined
                }
              />
              {mayCall('updateFolder') ? (
                <Typography variant="caption" color="text.secondary">
                  {translate('app.document_groups.drag_hint')}
                </Typography>
              ) : null}
            </>
          ) : (
            <Typography variant="body2">{translate('app.document_groups.loading')}</Typography>
          )}
        </Stack>
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        {selected ? (
          <ResourceListPage
            resource={resource.name}
            title={translate('app.menu.document_groups')}
            subtitle={selected.name}
            filters={[searchFilter('search', translate('app.document_groups.search'))]}
            filter={{ company_id: companyId, folder_id: selected.id }}
            storeKey={`${resource.name}.${companyId}.${selected.id}.listParams`}
            sort={resource.screens.sort}
            actions={<CompanyScopePicker value={companyId} onChange={setCompanyId} />}
            canCreate={selected.can_edit && mayCall('addDocumentPackage')}
            create={{
              title: translate('app.document_groups.create_title'),
              content: <GroupInputs />,
              defaultValues: {
                company_id: companyId,
                folder_id: selected.id,
                signing_order: 'sequential',
                expiry_days: 30,
              },
              onSaved: () => void queryClient.invalidateQueries({ queryKey: treeQueryKey(companyId) }),
            }}
            show={{
              title: translate('app.document_groups.show_title'),
              content: <GeneratedDetails resource={resource} />,
            }}
            phone={{
              primaryText: (record: RaRecord) => String(record.name ?? ''),
              secondaryText: (record: RaRecord) =>
                translate('app.document_groups.document_count', {
                  smart_count: Number(record.document_count ?? 0),
                }),
              actions: <RowActions />,
            }}
          >
            {columns.map((field) => (
              <DataTable.Col
                key={field.source}
                source={field.source}
                disableSort={typeof field.column === 'object' && field.column.sortable === false}
                render={(record) => <FieldValue field={field} record={record as RaRecord} />}
              />
            ))}
            <DataTable.Col label={translate('app.list.actions_column')} align="right">
              <RowActions />
            </DataTable.Col>
          </ResourceListPage>
        ) : null}
      </Box>
    </Stack>
  );
}
