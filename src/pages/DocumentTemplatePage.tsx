import { Alert } from '@mui/material';
import { NotFound, useCanAccess } from 'react-admin';
import { useParams } from 'react-router-dom';
import { TemplateEditorPage, TemplatePageMessage } from '../resources/templates/TemplateEditorPage';

/** The template actions of SPEC §2.1 (`/document-template/{action}/{id optional}`). */
export const DOCUMENT_TEMPLATE_ACTIONS = ['create', 'update'] as const;

/** `user.documentTemplate.item-crud`: create (no id) or update (a numeric id); anything else is not found. */
export function DocumentTemplatePage() {
  const { action, id } = useParams();
  const templateId = id === undefined ? undefined : Number(id);
  const valid =
    (action === 'create' && templateId === undefined) ||
    (action === 'update' && templateId !== undefined && Number.isSafeInteger(templateId) && templateId > 0);
  // The route itself is open (SPEC §2.1); the editor is for those who may manage templates.
  const access = useCanAccess({
    resource: 'document_templates',
    action: action === 'create' ? 'create' : 'edit',
  });
  if (!valid) return <NotFound />;
  if (access.isPending) return <TemplatePageMessage>{null}</TemplatePageMessage>;
  if (!access.canAccess) {
    return (
      <TemplatePageMessage>
        <Alert severity="warning">No tiene permiso para editar plantillas de documento.</Alert>
      </TemplatePageMessage>
    );
  }
  return <TemplateEditorPage key={templateId ?? 'new'} templateId={templateId} />;
}
