import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Avatar, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { LOGO_MAX_BYTES } from '../../../contract/endpoints/company';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import type { CompanyRecord } from './CompanyFields';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];

/** A logo as the API takes it: `{ filename, content_base64 }` (a data: URL prefix is accepted). */
export type LogoUpload = { filename: string; content_base64: string };

/** Why a file cannot be a logo, or null: PNG, JPEG or SVG, at most 1 MB (checked again by the server). */
export function logoProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!LOGO_TYPES.includes(file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Logo upload with preview; `logo` is left out (kept), set to a new upload, or null (removed). */
export function LogoInput() {
  const translate = useAppTranslate();
  const record = useRecordContext<CompanyRecord>();
  const { field } = useInput({ source: 'logo' });
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const value = field.value as LogoUpload | null | undefined;
  const preview =
    value === null ? null : value?.content_base64 ? value.content_base64 : (record?.logo_url ?? null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const issue = logoProblem(file);
    if (issue) {
      setProblem(translate(issue === 'size' ? 'app.companies.logo_too_large' : 'app.companies.logo_type'));
      return;
    }
    setProblem(null);
    field.onChange({ filename: file.name, content_base64: await readAsDataUrl(file) });
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1 }}>
      <Avatar
        src={preview ?? undefined}
        alt={translate('app.companies.logo_preview')}
        variant="rounded"
        sx={{ width: 72, height: 72, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        {record?.fiscal_name?.slice(0, 1) ?? '?'}
      </Avatar>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<UploadFileOutlinedIcon />}
          >
            {translate('app.companies.logo_choose')}
            <input
              id={inputId}
              type="file"
              hidden
              accept={LOGO_TYPES.join(',')}
              onChange={onFile}
              data-testid="logo-file"
            />
          </Button>
          {preview ? (
            <Button color="inherit" startIcon={<DeleteOutlinedIcon />} onClick={() => field.onChange(null)}>
              {translate('app.companies.logo_remove')}
            </Button>
          ) : null}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('app.companies.logo_help')}
        </Typography>
        {problem ? <FormHelperText error>{problem}</FormHelperText> : null}
      </Stack>
    </Stack>
  );
}
