import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Autocomplete,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { sessionUserId } from './documentGroupsData';

export type PackageRecord = EndpointReply<'getDocumentPackage'>;

/** A file as base64 (without the data: prefix), as the PDF endpoints take it. */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type Template = { id: number; name: string; current_version: number };

/** The group's documents in order: move up / down, remove, replace a PDF, add templates or a PDF. */
export function PackageDocumentsSection({
  record,
  onChange,
}: {
  record: PackageRecord;
  onChange: (record: PackageRecord) => void;
}) {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [chosen, setChosen] = useState<Template[]>([]);
  const [busy, setBusy] = useState(false);
  const templates = useQuery({
    queryKey: ['templates-header', record.company_id],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('templatesHeader', { company_id: record.company_id }, { signal }),
  });
  const act = async (work: () => Promise<PackageRecord>) => {
    setBusy(true);
    try {
      onChange(await work());
      return true;
    } catch {
      return false; // the toast shows the server's message
    } finally {
      setBusy(false);
    }
  };
  const documents = record.documents;
  const move = (index: number, offset: number) => {
    const order = documents.map((document) => document.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + offset, 0, moved!);
    return act(() =>
      dataProvider.callEndpoint(
        'updateAssociatedTemplates',
        { body: { document_package_id: record.id, document_ids: order } },
        { alert: true },
      ),
    );
  };
  const addTemplates = async () => {
    const added = await act(async () => {
      // The group keeps the exact version in force now; a later template edit makes a new version.
      const versions = await Promise.all(
        chosen.map((template) => dataProvider.callEndpoint('getTemplate', { id: template.id })),
      );
      return dataProvider.callEndpoint(
        'associateTemplates',
        {
          body: {
            document_package_id: record.id,
            template_version_ids: versions.map((version) => version.version_id),
          },
        },
        { alert: true },
      );
    });
    if (added) setChosen([]);
  };
  const uploadPdf = async (event: ChangeEvent<HTMLInputElement>, replaceId?: number) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const content_base64 = await base64Of(file);
    await act(() =>
      replaceId
        ? dataProvider.callEndpoint(
            'updatePdfPackage',
            { id: replaceId, body: { filename: file.name, content_base64 } },
            { alert: true },
          )
        : dataProvider.callEndpoint(
            'associatePdf',
            { body: { document_package_id: record.id, filename: file.name, content_base64 } },
            { alert: true },
          ),
    );
  };

  return (
    <Stack spacing={2}>
      {documents.length === 0 ? (
        <Typography color="text.secondary">{translate('app.document_groups.no_documents')}</Typography>
      ) : (
        <List disablePadding aria-label={translate('app.document_groups.section_documents')}>
          {documents.map((document, index) => (
            <ListItem key={document.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ flex: '1 1 200px', minWidth: 0 }}
                primary={`${index + 1}. ${document.name}`}
                secondary={
                  document.kind === 'template'
                    ? translate('app.document_groups.template_version', {
                        name: document.name,
                        version: document.template_version_number ?? '',
                      })
                    : translate('app.document_groups.pdf_pages', { smart_count: document.pdf_pages ?? 0 })
                }
              />
              <Stack direction="row">
                <IconButton
                  aria-label={translate('app.document_groups.move_up', { name: document.name })}
                  disabled={busy || index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('app.document_groups.move_down', { name: document.name })}
                  disabled={busy || index === documents.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                {document.kind === 'pdf' ? (
                  <IconButton
                    component="label"
                    aria-label={`${translate('app.document_groups.replace_pdf')}: ${document.name}`}
                    disabled={busy}
                  >
                    <UploadFileOutlinedIcon />
                    <input
                      hidden
                      type="file"
                      accept="application/pdf,.pdf"
                      onChange={(event) => void uploadPdf(event, document.id)}
                    />
                  </IconButton>
                ) : null}
                <IconButton
                  aria-label={translate('app.document_groups.remove_document', { name: document.name })}
                  disabled={busy}
                  onClick={() =>
                    void act(() =>
                      dataProvider.callEndpoint(
                        'deletePackageDocument',
                        { id: document.id, user_id: sessionUserId() },
                        { alert: true },
                      ),
                    )
                  }
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Autocomplete
          multiple
          sx={{ flex: 1, minWidth: 0 }}
          options={templates.data ?? []}
          loading={templates.isPending}
          value={chosen}
          onChange={(_, value) => setChosen(value)}
          getOptionLabel={(template) => template.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField {...params} label={translate('app.document_groups.choose_templates')} />
          )}
        />
        <Button variant="outlined" disabled={busy || chosen.length === 0} onClick={() => void addTemplates()}>
          {translate('app.document_groups.add_templates')}
        </Button>
        <Button variant="outlined" component="label" disabled={busy} startIcon={<UploadFileOutlinedIcon />}>
          {translate('app.document_groups.add_pdf')}
          <input
            hidden
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => void uploadPdf(event)}
          />
        </Button>
      </Stack>
    </Stack>
  );
}
