import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import { Box, IconButton, Paper, Stack, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import { type ReactElement, useRef, useState } from 'react';
import { FieldTitle, useInput, type Validator } from 'react-admin';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { sanitizeHtml } from './safeHtml';

export type HtmlTextInputProps = {
  source: string;
  validate?: Validator | Validator[];
  /** Rows of the text area. */
  rows?: number;
  /** Marks the label when the form's schema (not `validate`) requires a value. */
  isRequired?: boolean;
};

type Formatting = { label: AppMessageKey; icon: ReactElement; wrap: (selected: string) => string };

const FORMATTINGS: Formatting[] = [
  {
    label: 'app.platform.notifications.editor_bold',
    icon: <FormatBoldIcon />,
    wrap: (s) => `<strong>${s}</strong>`,
  },
  {
    label: 'app.platform.notifications.editor_italic',
    icon: <FormatItalicIcon />,
    wrap: (s) => `<em>${s}</em>`,
  },
  {
    label: 'app.platform.notifications.editor_list',
    icon: <FormatListBulletedIcon />,
    wrap: (s) =>
      `<ul>\n${(s || ' ')
        .split('\n')
        .map((line) => `  <li>${line}</li>`)
        .join('\n')}\n</ul>`,
  },
];

/**
 * Rich text as HTML: a text area with a small toolbar (bold, italic, list, link) and a preview tab.
 * The server sanitises on save; the preview is sanitised here too.
 */
export function HtmlTextInput({ source, validate, rows = 8, isRequired: required }: HtmlTextInputProps) {
  const translate = useAppTranslate();
  const { field, fieldState, isRequired } = useInput({ source, validate, isRequired: required });
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const area = useRef<HTMLTextAreaElement | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  const labelId = `${source}-html-label`;

  const apply = (wrap: (selected: string) => string) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const inserted = wrap(value.slice(start, end));
    field.onChange(value.slice(0, start) + inserted + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + inserted.length, start + inserted.length);
    });
  };
  const addLink = () => {
    const url = window.prompt(translate('app.platform.notifications.editor_link_prompt'), 'https://');
    if (!url || !/^https?:\/\/\S+$/i.test(url)) return;
    apply((selected) => `<a href="${url.replace(/"/g, '&quot;')}">${selected || url}</a>`);
  };
  const error =
    fieldState.invalid && (fieldState.isTouched || fieldState.isDirty) ? fieldState.error?.message : '';

  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        <FieldTitle source={source} isRequired={isRequired} />
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden', borderColor: error ? 'error.main' : undefined }}>
        <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', px: 1 }}>
          <Tabs value={tab} onChange={(_, next) => setTab(next)} sx={{ minHeight: 40, flexGrow: 1 }}>
            <Tab
              value="write"
              label={translate('app.platform.notifications.editor_write')}
              sx={{ minHeight: 40 }}
            />
            <Tab
              value="preview"
              label={translate('app.platform.notifications.editor_preview')}
              sx={{ minHeight: 40 }}
            />
          </Tabs>
          {tab === 'write'
            ? [...FORMATTINGS, null].map((formatting) => {
                const label = translate(formatting?.label ?? 'app.platform.notifications.editor_link');
                return (
                  <Tooltip key={label} title={label}>
                    <IconButton
                      size="small"
                      aria-label={label}
                      onClick={formatting ? () => apply(formatting.wrap) : addLink}
                    >
                      {formatting?.icon ?? <InsertLinkIcon />}
                    </IconButton>
                  </Tooltip>
                );
              })
            : null}
        </Stack>
        {tab === 'write' ? (
          <TextField
            inputRef={area}
            name={field.name}
            value={value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            multiline
            minRows={rows}
            fullWidth
            variant="standard"
            slotProps={{
              input: {
                disableUnderline: true,
                sx: { px: 2, py: 1.5, fontFamily: 'monospace', fontSize: 14 },
              },
              htmlInput: { 'aria-labelledby': labelId },
            }}
          />
        ) : (
          <Box
            sx={{ px: 2, py: 1.5, minHeight: rows * 24, '& p': { mt: 0 } }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised preview of the author's own text
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }}
          />
        )}
      </Paper>
      {error ? (
        <Typography variant="caption" color="error" role="alert" sx={{ mx: 1.75 }}>
          {translate(error as AppMessageKey)}
        </Typography>
      ) : null}
    </Box>
  );
}
