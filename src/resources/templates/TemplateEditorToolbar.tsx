import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatStrikethroughIcon from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import InsertPageBreakIcon from '@mui/icons-material/InsertPageBreak';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { MenuItem, Select, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { Editor } from '@tiptap/core';
import {
  AlignmentButtons,
  ClearButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInputToolbar,
  useEditorSelection,
  useTiptapEditor,
} from 'ra-input-rich-text';
import type { ReactElement } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';

const LEVELS = [
  { value: 0, label: 'Párrafo' },
  { value: 1, label: 'Título 1' },
  { value: 2, label: 'Título 2' },
  { value: 3, label: 'Título 3' },
  { value: 4, label: 'Título 4' },
] as const;

const currentLevel = (editor: Editor | null) =>
  LEVELS.find((level) => level.value > 0 && editor?.isActive('heading', { level: level.value }))?.value ?? 0;

/** Paragraph or heading 1–4: the levels the PDF renderer maps. */
function LevelPicker() {
  const editor = useTiptapEditor();
  useEditorSelection();
  return (
    <Select
      size="small"
      value={currentLevel(editor)}
      inputProps={{ 'aria-label': 'Nivel del texto' }}
      SelectDisplayProps={{ title: 'Nivel del texto' }}
      onChange={(event) => {
        const level = Number(event.target.value);
        if (level === 0) editor?.chain().focus().setParagraph().run();
        else
          editor
            ?.chain()
            .focus()
            .setHeading({ level: level as 1 | 2 | 3 | 4 })
            .run();
      }}
      sx={{ minWidth: 120 }}
    >
      {LEVELS.map((level) => (
        <MenuItem key={level.value} value={level.value}>
          {level.label}
        </MenuItem>
      ))}
    </Select>
  );
}

type Mark = 'bold' | 'italic' | 'underline' | 'strike';
const MARKS: readonly {
  mark: Mark;
  label: Parameters<ReturnType<typeof useAppTranslate>>[0];
  icon: ReactElement;
}[] = [
  { mark: 'bold', label: 'app.templates.toolbar_bold', icon: <FormatBoldIcon fontSize="inherit" /> },
  { mark: 'italic', label: 'app.templates.toolbar_italic', icon: <FormatItalicIcon fontSize="inherit" /> },
  {
    mark: 'underline',
    label: 'app.templates.toolbar_underline',
    icon: <FormatUnderlinedIcon fontSize="inherit" />,
  },
  {
    mark: 'strike',
    label: 'app.templates.toolbar_strike',
    icon: <FormatStrikethroughIcon fontSize="inherit" />,
  },
];

/** Bold, italic, underline and strikethrough (no inline code: the PDF has no use for it). */
function MarkButtons() {
  const editor = useTiptapEditor();
  const app = useAppTranslate();
  useEditorSelection();
  return (
    <ToggleButtonGroup size="small">
      {MARKS.map(({ mark, label, icon }) => (
        <ToggleButton
          key={mark}
          value={mark}
          aria-label={app(label)}
          title={app(label)}
          selected={editor?.isActive(mark) ?? false}
          onClick={() => editor?.chain().focus().toggleMark(mark).run()}
        >
          {icon}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** A 3 × 2 table with a header row, and a page break (named like the library's buttons: aria-label and title). */
function BlockButtons() {
  const editor = useTiptapEditor();
  const app = useAppTranslate();
  const table = app('app.templates.toolbar_table');
  const pageBreak = app('app.templates.toolbar_page_break');
  return (
    <ToggleButtonGroup size="small">
      <ToggleButton
        value="table"
        aria-label={table}
        title={table}
        onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()}
      >
        <TableChartOutlinedIcon fontSize="inherit" />
      </ToggleButton>
      <ToggleButton
        value="page-break"
        aria-label={pageBreak}
        title={pageBreak}
        onClick={() => editor?.chain().focus().insertPageBreak().run()}
      >
        <InsertPageBreakIcon fontSize="inherit" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** Only what the PDF renderer maps (server/documents/allowlist.ts): no colours, code or highlights. */
export function TemplateEditorToolbar() {
  return (
    <RichTextInputToolbar size="small">
      <LevelPicker />
      <MarkButtons />
      <AlignmentButtons size="small" />
      <ListButtons size="small" />
      <QuoteButtons size="small" />
      <LinkButtons size="small" />
      <BlockButtons />
      <ClearButtons size="small" />
    </RichTextInputToolbar>
  );
}
