import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { useSessionUser } from '../../layout/useSessionUser';
import { BulkProgress } from './BulkProgress';
import { BulkReport, type RowFixes } from './BulkReport';
import { type BulkBatch, readFileAsBase64, useBulkTranslate, useSheetDownload } from './bulkApi';

/** How often a batch being sent is asked for its progress. */
export const POLL_MS = 1500;

type Group = { id: number; name: string };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `/bulk-signature-requests`: pick a group, download its sheet, upload it filled, fix the rows
 * the report names in place, send, and follow the progress. The batch id lives in the address
 * (`?batch=`), so a reload comes back to the same batch and its progress.
 */
export function BulkRequestsPage() {
  const translate = useBulkTranslate();
  const title = translate('title');
  useDocumentTitle(title);
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useSessionUser();
  const download = useSheetDownload();
  const [params, setParams] = useSearchParams();
  const batchId = Number(params.get('batch')) || null;
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [groupId, setGroupId] = useState<number | ''>('');
  const [batch, setBatch] = useState<BulkBatch | null>(null);
  const [busy, setBusy] = useState(false);
  const [reportKey, setReportKey] = useState(0);
  const inputId = useId();
  /** The batch already on screen (just uploaded or loaded): a change of address must not fetch it again. */
  const shownBatch = useRef<number | null>(null);

  const fail = useCallback((error: unknown) => notify(messageOf(error), { type: 'error' }), [notify]);

  useEffect(() => {
    if (!user) return;
    dataProvider
      .callEndpoint('listDocumentPackages', {
        companyID: user.company_id,
        page: 1,
        itemsPerPage: 100,
        user_id: user.id,
        status: 'active',
      })
      .then((reply) =>
        setGroups(reply.items.filter((group) => group.can_send).map(({ id, name }) => ({ id, name }))),
      )
      .catch(fail);
  }, [dataProvider, user, fail]);

  const loadBatch = useCallback(
    (id: number) =>
      dataProvider
        .callEndpoint('bulkBatchProgress', { body: { batch_id: id, only_problems: true } })
        .then((loaded) => {
          shownBatch.current = loaded.id;
          setBatch(loaded);
        }),
    [dataProvider],
  );

  useEffect(() => {
    if (batchId === null) {
      shownBatch.current = null;
      setBatch(null);
      return;
    }
    if (shownBatch.current !== batchId) loadBatch(batchId).catch(fail);
  }, [batchId, loadBatch, fail]);

  // While rows are being turned into requests, ask for the progress again and again.
  useEffect(() => {
    if (batch?.status !== 'sending') return;
    const timer = setTimeout(() => loadBatch(batch.id).catch(fail), POLL_MS);
    return () => clearTimeout(timer);
  }, [batch, loadBatch, fail]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const selectedGroup = groups?.find((group) => group.id === groupId);

  const onDownload = () =>
    run(async () => {
      if (!selectedGroup) return;
      const problem = await download(selectedGroup.id, `envio-masivo-${selectedGroup.id}.xlsx`);
      if (problem) notify(problem, { type: 'error' });
    });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !selectedGroup) return;
    void run(async () => {
      const content = await readFileAsBase64(file).catch(() => {
        throw new Error(translate('read_failed'));
      });
      const imported = await dataProvider.callEndpoint(
        'importBulkSheet',
        { body: { document_package_id: selectedGroup.id, filename: file.name, content_base64: content } },
        { alert: true },
      );
      shownBatch.current = imported.id;
      setBatch(imported);
      setParams({ batch: String(imported.id) });
    });
  };

  const onSave = (fixes: RowFixes) =>
    run(async () => {
      if (!batch) return;
      const updated = await dataProvider.callEndpoint(
        'updateBulkRows',
        { body: { batch_id: batch.id, rows: fixes } },
        { alert: true },
      );
      setBatch(updated);
      setReportKey((key) => key + 1);
    });

  const onSend = () =>
    run(async () => {
      if (!batch) return;
      await dataProvider.callEndpoint('sendBulkBatch', { body: { batch_id: batch.id } }, { alert: true });
      await loadBatch(batch.id);
    });

  const startOver = () => {
    setParams({});
    setReportKey((key) => key + 1);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {!batch && (
        <Card>
          <CardContent>
            <Typography sx={{ mb: 2 }}>{translate('intro')}</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <TextField
                select
                label={translate('group')}
                value={groupId}
                onChange={(event) => setGroupId(Number(event.target.value))}
                sx={{ minWidth: { xs: '100%', md: 320 } }}
                helperText={groups?.length === 0 ? translate('no_groups') : undefined}
              >
                {(groups ?? []).map((group) => (
                  <MenuItem key={group.id} value={group.id}>
                    {group.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlinedIcon />}
                disabled={!selectedGroup || busy}
                onClick={onDownload}
              >
                {translate('download')}
              </Button>
              <Button
                component="label"
                htmlFor={inputId}
                variant="contained"
                startIcon={<UploadFileOutlinedIcon />}
                disabled={!selectedGroup || busy}
              >
                {busy ? translate('uploading') : translate('upload')}
                <input
                  id={inputId}
                  type="file"
                  hidden
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={onFile}
                  data-testid="bulk-sheet-file"
                />
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      {batch && (
        <Card>
          <CardContent>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Typography variant="h6" component="h2">
                {batch.package_name}
              </Typography>
              <Chip size="small" label={translate(`status.${batch.status}`)} />
              {batch.file_name && (
                <Typography variant="body2" color="text.secondary">
                  {translate('file', { name: batch.file_name })}
                </Typography>
              )}
            </Stack>
            <Typography sx={{ mb: 2 }}>
              {translate('summary', { total: batch.total, valid: batch.valid, invalid: batch.invalid })}
            </Typography>
            {batch.status === 'draft' ? (
              <Stack spacing={2}>
                <BulkReport key={reportKey} rows={batch.rows} saving={busy} onSave={onSave} />
                <Box>
                  <Button
                    variant="contained"
                    startIcon={<SendOutlinedIcon />}
                    disabled={busy || batch.invalid > 0 || batch.valid === 0}
                    onClick={onSend}
                  >
                    {translate('send', { smart_count: batch.valid })}
                  </Button>
                </Box>
              </Stack>
            ) : (
              <BulkProgress batch={batch} />
            )}
            <Button sx={{ mt: 2 }} onClick={startOver} disabled={busy}>
              {translate('new_batch')}
            </Button>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
