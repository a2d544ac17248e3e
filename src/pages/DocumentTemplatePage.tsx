import { NotFound } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

/** The template actions of SPEC §2.1 (`/document-template/{action}/{id optional}`). */
export const DOCUMENT_TEMPLATE_ACTIONS = ['create', 'update'] as const;

/** `user.documentTemplate.item-crud`: only `create` and `update` are actions; anything else is not found. */
export function DocumentTemplatePage() {
  const { action } = useParams();
  if (!(DOCUMENT_TEMPLATE_ACTIONS as readonly (string | undefined)[]).includes(action)) return <NotFound />;
  return <PlaceholderPage title="app.pages.document_template" />;
}
