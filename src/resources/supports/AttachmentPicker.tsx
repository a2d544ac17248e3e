import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { useInput } from 'react-admin';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { attachmentProblem, type PickedAttachment, readAttachment, SUPPORT_FILE_TYPES } from './supportFiles';

type PickerProps = { value: PickedAttachment[]; onChange: (files: PickedAttachment[]) => void };

/** Up to three PDF, PNG or JPEG files for a message, each removable before sending. */
export function AttachmentPicker({ value, onChange }: PickerProps) {
  const translate = useAppTranslate();
  const inputId = useId();
  const [problem, setProblem] = useState<AppMessageKey | null>(null);
  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reason = attachmentProblem(file, value.length);
    setProblem(reason);
    if (reason) return;
    onChange([...value, await readAttachment(file)]);
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          component="label"
          htmlFor={inputId}
          size="small"
          variant="outlined"
          startIcon={<AttachFileIcon />}
        >
          {translate('resources.supports.add_file')}
          <input
            id={inputId}
            type="file"
            hidden
            accept={SUPPORT_FILE_TYPES.join(',')}
            onChange={onPick}
            aria-label={translate('resources.supports.add_file')}
          />
        </Button>
        {value.map((file, index) => (
          <Chip
            key={`${file.filename}:${file.size}:${file.content_base64.slice(-24)}`}
            label={file.filename}
            size="small"
            sx={{ maxWidth: '100%' }}
            onDelete={() => onChange(value.filter((_, position) => position !== index))}
            deleteIcon={
              <CancelIcon aria-label={translate('resources.supports.remove_file', { name: file.filename })} />
            }
          />
        ))}
      </Stack>
      <Typography
        variant="caption"
        color={problem ? 'error' : 'text.secondary'}
        role={problem ? 'alert' : undefined}
      >
        {translate(problem ?? 'resources.supports.file_hint')}
      </Typography>
    </Box>
  );
}

/** The picker as a form input (`attachments`) of the new-ticket form. */
export function AttachmentsInput() {
  const { field } = useInput({ source: 'attachments', defaultValue: [] });
  return <AttachmentPicker value={(field.value as PickedAttachment[]) ?? []} onChange={field.onChange} />;
}
