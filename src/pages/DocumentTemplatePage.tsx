import { NotFound } from 'react-admin';
import { useParams } from 'react-router-dom';
import { TemplateEditorPage } from '../resources/templates/TemplateEditorPage';

/** The template actions of SPEC §2.1 (`/document-template/{action}/{id optional}`). */
export const DOCUMENT_TEMPLATE_ACTIONS = ['create', 'update'] as const;

/** `user.documentTemplate.item-crud`: create (no id) or update (a numeric id); anything else is not found. */
export function DocumentTemplatePage() {
  const { action, id } = useParams();
  if (action === 'create' && id === undefined) return <TemplateEditorPage />;
  const templateId = Number(id);
  if (action === 'update' && Number.isSafeInteger(templateId) && templateId > 0) {
    return <TemplateEditorPage key={templateId} templateId={templateId} />;
  }
  return <NotFound />;
}
