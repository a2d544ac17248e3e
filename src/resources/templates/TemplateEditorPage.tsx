import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { RichTextInput } from 'ra-input-rich-text';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import {
  Form,
  Loading,
  required,
  SelectInput,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { TemplateField } from '../../../contract/endpoints/templateFields';
import { templatePageSetup } from '../../../contract/endpoints/templates';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { CompanyScopePicker, useCompanyScope } from '../../framework/common/companyChoices';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { DocxImportButton } from './DocxImportButton';
import { editingAreaAttributes, templateExtensions } from './editorExtensions';
import { TemplateEditorToolbar } from './TemplateEditorToolbar';
import { TemplateFieldsPanel } from './TemplateFieldsPanel';
import { TemplatePageSection } from './TemplatePageSection';
import { type RenderedPreview, TemplatePreviewDialog } from './TemplatePreviewDialog';
import { TemplateVersionsPanel } from './TemplateVersionsPanel';
import { TEMPLATE_LIST_PATH, TEMPLATE_STATUS_CHOICES, templateEditorPath } from './templateChoices';

/** The page's title (SPEC §2.1) in the top bar and the browser tab. */
function TemplatePageTitle() {
  const app = useAppTranslate();
  const title = app('app.pages.document_template');
  useDocumentTitle(title);
  return <Title title={title} />;
}

/** The page heading (SPEC §2.1 title) over a message: no permission, or a template that is not there. */
export function TemplatePageMessage({ children }: { children: ReactNode }) {
  const app = useAppTranslate();
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 } }}>
      <TemplatePageTitle />
      <Typography id="page-title" component="h1" variant="h4" gutterBottom>
        {app('app.pages.document_template')}
      </Typography>
      {children}
    </Box>
  );
}

type FormValues = {
  name: string;
  document_type_id: number | '';
  status: 'active' | 'inactive';
  html: string;
  header_html: string;
  footer_html: string;
  page: TemplatePageSetup;
};

type TemplatePageSetup = z.output<typeof templatePageSetup>;
const DEFAULT_PAGE: TemplatePageSetup = templatePageSetup.parse({});

type PreviewContent = Pick<FormValues, 'html' | 'header_html' | 'footer_html' | 'page'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Error del servidor');

/** On create, administrators and companies with branches choose whose template it is. */
function CompanyChoice({ value, onChange }: { value: number; onChange: (companyId: number) => void }) {
  const form = useFormContext<FormValues>();
  return (
    <CompanyScopePicker
      value={value}
      onChange={(companyId) => {
        // Document types belong to one company: the choice starts over.
        form.setValue('document_type_id', '');
        onChange(companyId);
      }}
    />
  );
}

/** Save, preview and import: they read the form's current values. */
function EditorActions(props: {
  saving: boolean;
  onPreview: (content: PreviewContent) => void;
  onImported: (html: string) => void;
}) {
  const app = useAppTranslate();
  const form = useFormContext<FormValues>();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={props.saving}>
        {app('app.templates.save')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        onClick={() => {
          const { html, header_html, footer_html, page } = form.getValues();
          props.onPreview({ html, header_html, footer_html, page });
        }}
      >
        {app('app.templates.preview')}
      </Button>
      <DocxImportButton
        onImported={(html) => {
          form.setValue('html', html, { shouldDirty: true });
          props.onImported(html);
        }}
      />
    </Stack>
  );
}

/**
 * /document-template/{create|update}/{id}: the template's name, type and status, its content in a
 * rich-text editor with merge fields from the side list, its versions with what each changed,
 * a PDF preview from the server's renderer and DOCX import.
 */
export function TemplateEditorPage({ templateId }: { templateId?: number }) {
  const app = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const scope = useCompanyScope();
  const editorRef = useRef<Editor | null>(null);
  const [fields, setFields] = useState<TemplateField[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<RenderedPreview | null>(null);
  const [savedCount, setSavedCount] = useState(0);

  const template = useQuery({
    queryKey: ['templateEditor', templateId],
    enabled: templateId !== undefined,
    queryFn: () => dataProvider.callEndpoint('getTemplate', { id: templateId ?? 0 }),
  });
  const [chosenCompany, setChosenCompany] = useState(scope.companyId);
  const companyId = template.data?.company_id ?? chosenCompany;
  const types = useQuery({
    queryKey: ['templateEditorTypes', companyId],
    enabled: companyId > 0,
    queryFn: () =>
      dataProvider.callEndpoint('listDocumentTypes', {
        companyID: companyId,
        page: 1,
        itemsPerPage: 100,
        key: '-',
      }),
  });
  const contentLabel = app('app.templates.content');
  const editorOptions = useMemo(
    () => ({
      extensions: templateExtensions(),
      editorProps: { attributes: editingAreaAttributes(contentLabel) },
      onCreate: ({ editor }: { editor: Editor }) => {
        editorRef.current = editor;
      },
    }),
    [contentLabel],
  );
  const currentFields = fields ?? template.data?.fields ?? [];

  if (templateId !== undefined && template.isPending) return <Loading />;
  if (template.error) {
    return (
      <TemplatePageMessage>
        <Alert severity="error">{messageOf(template.error)}</Alert>
      </TemplatePageMessage>
    );
  }

  const save = async (values: Record<string, unknown>) => {
    const form = values as FormValues;
    setSaving(true);
    try {
      const content = {
        html: form.html ?? '',
        header_html: form.header_html ?? '',
        footer_html: form.footer_html ?? '',
        page: form.page,
        fields: currentFields,
      };
      if (templateId === undefined) {
        const created = await dataProvider.callEndpoint('addTemplate', {
          body: {
            company_id: companyId,
            document_type_id: Number(form.document_type_id),
            name: form.name,
            status: form.status,
            ...content,
          },
        });
        notify(app('app.templates.saved', { number: created.current_version }), { type: 'success' });
        navigate(templateEditorPath(created.id), { replace: true });
        return;
      }
      const saved = await dataProvider.callEndpoint('updateTemplate', {
        id: templateId,
        body: {
          name: form.name,
          status: form.status,
          document_type_id: Number(form.document_type_id),
          base_version: template.data?.current_version,
          ...content,
        },
      });
      queryClient.setQueryData(['templateEditor', templateId], saved);
      setFields(null);
      setSavedCount((count) => count + 1);
      notify(app('app.templates.saved', { number: saved.current_version }), { type: 'success' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const showPreview = async (content: PreviewContent) => {
    try {
      setPreview(
        await dataProvider.callEndpoint('pdfPreview', {
          body: { ...content, fields: currentFields, pages: true },
        }),
      );
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };

  const defaults: FormValues = {
    name: template.data?.name ?? '',
    document_type_id: template.data?.document_type_id ?? '',
    status: template.data?.status ?? 'active',
    html: template.data?.html ?? '',
    header_html: template.data?.header_html ?? '',
    footer_html: template.data?.footer_html ?? '',
    page: template.data?.page ?? DEFAULT_PAGE,
  };
  const typeChoices = (types.data?.items ?? []).map((type) => ({ id: type.id, name: type.name }));
  return (
    <Box
      component="section"
      aria-labelledby="page-title"
      sx={{ py: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}
    >
      <TemplatePageTitle />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(TEMPLATE_LIST_PATH)}>
          {app('app.templates.back')}
        </Button>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography id="page-title" component="h1" variant="h4">
            {app('app.pages.document_template')}
          </Typography>
          <Typography component="p" variant="subtitle1" color="text.secondary" data-testid="editor-mode">
            {templateId === undefined ? app('app.templates.create_title') : app('app.templates.update_title')}
          </Typography>
        </Box>
        {template.data ? (
          <Chip label={app('app.templates.version_badge', { number: template.data.current_version })} />
        ) : null}
      </Stack>
      <Form
        key={`${templateId ?? 'new'}-${template.data?.version_id ?? 0}`}
        defaultValues={defaults}
        onSubmit={save}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
            alignItems: 'start',
          }}
        >
          <Paper sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
            <Stack spacing={1}>
              {templateId === undefined ? (
                <CompanyChoice value={companyId} onChange={setChosenCompany} />
              ) : null}
              <TextInput source="name" label={app('app.templates.name')} validate={required()} />
              {typeChoices.length === 0 && types.isSuccess ? (
                <Alert severity="info">{app('app.templates.no_types')}</Alert>
              ) : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
                <SelectInput
                  source="document_type_id"
                  label={app('app.templates.document_type')}
                  choices={typeChoices}
                  validate={required()}
                  isLoading={types.isPending}
                />
                <SelectInput
                  source="status"
                  label={app('resources.document_templates.fields.status' as never)}
                  choices={TEMPLATE_STATUS_CHOICES.values.map((value) => ({
                    id: value,
                    name: app(`app.templates.status.${value}`),
                  }))}
                  validate={required()}
                />
              </Stack>
              <RichTextInput
                source="html"
                label={contentLabel}
                editorOptions={editorOptions}
                toolbar={<TemplateEditorToolbar />}
                sx={{
                  '& .ProseMirror': { minHeight: 320, overflowX: 'auto' },
                  '& .ProseMirror table': { borderCollapse: 'collapse' },
                  '& .ProseMirror td, & .ProseMirror th': { border: 1, borderColor: 'divider', p: 0.5 },
                  '& .ProseMirror span[data-field]': {
                    bgcolor: 'warning.light',
                    borderRadius: 1,
                    px: 0.5,
                    '&::before': { content: '"«"' },
                    '&::after': { content: '"»"' },
                  },
                  '& .ProseMirror div[data-page-break]': {
                    borderTop: '2px dashed',
                    borderColor: 'divider',
                    my: 2,
                  },
                  '& .ProseMirror img': { maxWidth: '100%' },
                  '& .RaRichTextInputToolbar-root, & [class*="RichTextInputToolbar"]': { flexWrap: 'wrap' },
                }}
              />
              <TemplatePageSection />
              <EditorActions
                saving={saving}
                onPreview={showPreview}
                onImported={() => setFields(currentFields)}
              />
            </Stack>
          </Paper>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <Paper sx={{ p: 2 }}>
              <TemplateFieldsPanel
                fields={currentFields}
                onChange={setFields}
                onInsert={(name) => editorRef.current?.chain().focus().insertMergeField(name).run()}
              />
            </Paper>
            {templateId !== undefined ? (
              <Paper sx={{ p: 2 }}>
                <TemplateVersionsPanel templateId={templateId} refreshKey={savedCount} />
              </Paper>
            ) : null}
          </Stack>
        </Box>
      </Form>
      <TemplatePreviewDialog
        preview={preview}
        filename={template.data?.name ?? 'plantilla'}
        onClose={() => setPreview(null)}
      />
    </Box>
  );
}
