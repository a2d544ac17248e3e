import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { RichTextInput } from 'ra-input-rich-text';
import { useMemo } from 'react';
import { BooleanInput, maxValue, minValue, NumberInput, required, SelectInput } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { editingAreaAttributes, templateExtensions } from './editorExtensions';
import { TemplateEditorToolbar } from './TemplateEditorToolbar';

const MARGINS = ['top', 'right', 'bottom', 'left'] as const;
const marginRange = [required(), minValue(5), maxValue(60)];

/** A header or footer editor: its own editor instance, with merge fields and signature boxes. */
function RepeatedContentInput({ source, label }: { source: 'header_html' | 'footer_html'; label: string }) {
  const editorOptions = useMemo(
    () => ({ extensions: templateExtensions(), editorProps: { attributes: editingAreaAttributes(label) } }),
    [label],
  );
  return (
    <RichTextInput
      source={source}
      label={label}
      editorOptions={editorOptions}
      toolbar={<TemplateEditorToolbar />}
      sx={{
        '& .ProseMirror': { minHeight: 80, overflowX: 'auto' },
        '& .ProseMirror span[data-field]': { bgcolor: 'warning.light', borderRadius: 1, px: 0.5 },
      }}
    />
  );
}

/**
 * Header, footer and page setup of a template (stored with each version and rendered on every
 * page). Closed by default; a saved template keeps what it had, since the form always sends them.
 */
export function TemplatePageSection() {
  const app = useAppTranslate();
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls="template-page-setup"
        id="template-page-setup-header"
      >
        <Typography>{app('app.templates.page_section')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="template-page-setup">
        <RepeatedContentInput source="header_html" label={app('app.templates.header')} />
        <RepeatedContentInput source="footer_html" label={app('app.templates.footer')} />
        <SelectInput
          source="page.paper"
          label={app('app.templates.paper')}
          choices={[
            { id: 'letter', name: app('app.templates.paper_letter') },
            { id: 'a4', name: app('app.templates.paper_a4') },
          ]}
          validate={required()}
        />
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 0, sm: 2 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {MARGINS.map((side) => (
            <NumberInput
              key={side}
              source={`page.margins.${side}`}
              label={app(`app.templates.margin_${side}`)}
              helperText={app('app.templates.margin_range')}
              min={5}
              max={60}
              validate={marginRange}
            />
          ))}
        </Box>
        <BooleanInput source="page.pageNumbers" label={app('app.templates.page_numbers')} />
      </AccordionDetails>
    </Accordion>
  );
}
