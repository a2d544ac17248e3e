import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PUBLIC_SIGNING_ROUTE_NAMES } from '../access/routes';

type PublicRouteName = (typeof PUBLIC_SIGNING_ROUTE_NAMES)[number];

/**
 * The public signing pages (ARCHITECTURE rule 7): lazy-loaded, without react-admin, so a signer on a
 * phone downloads only what the page needs.
 */
export const PUBLIC_PAGES: Record<PublicRouteName, LazyExoticComponent<ComponentType>> = {
  'signature-request.sign': lazy(() =>
    import('../signer/SignRequestPage').then((m) => ({ default: m.SignRequestPage })),
  ),
  'list-documents.sign': lazy(() =>
    import('../signer/ListDocumentsPage').then((m) => ({ default: m.ListDocumentsPage })),
  ),
  'certificate.validation': lazy(() =>
    import('../signer/validation/CertificateValidationPage').then((m) => ({
      default: m.CertificateValidationPage,
    })),
  ),
  'approval.packages': lazy(() =>
    import('../signer/approval/ApprovalPackagesPage').then((m) => ({ default: m.ApprovalPackagesPage })),
  ),
};
