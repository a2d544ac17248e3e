import { type ComponentType, Fragment, lazy, type ReactElement, Suspense } from 'react';
import { Loading } from 'react-admin';
import type { GUEST_ROUTE_NAMES, PUBLIC_SIGNING_ROUTE_NAMES, RouteName } from '../access/routes';
import { resourcePageOf } from '../framework/contributions';

/**
 * A screen loaded when its route first opens (STYLE 13): its own chunk, with whatever heavy editor
 * it carries (rich text, PDF fields), so the shell and the first list do not download it.
 */
function onDemand<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): () => ReactElement {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return () => <Screen />;
}

const HomePage = onDemand(
  () => import('../home/HomePage'),
  (m) => m.HomePage,
);
const RecoverPasswordPage = onDemand(
  () => import('../session/RecoverPasswordPage'),
  (m) => m.RecoverPasswordPage,
);
const ImpersonationPage = onDemand(
  () => import('../impersonation/ImpersonationPage'),
  (m) => m.ImpersonationPage,
);
const ProfilePage = onDemand(
  () => import('../profile/ProfilePage'),
  (m) => m.ProfilePage,
);
const FaqPage = onDemand(
  () => import('../resources/helpArticles/FaqPage'),
  (m) => m.FaqPage,
);
const CompanyEditPage = onDemand(
  () => import('../resources/companies/CompanyEditPage'),
  (m) => m.CompanyEditPage,
);
const CompanyFeaturesPage = onDemand(
  () => import('../resources/companies/CompanyFeaturesPage'),
  (m) => m.CompanyFeaturesPage,
);
const DocumentGroupEditPage = onDemand(
  () => import('../resources/documentGroups/DocumentGroupEditPage'),
  (m) => m.DocumentGroupEditPage,
);
const SignatureSettingsPage = onDemand(
  () => import('../signatureSettings/SignatureSettingsPage'),
  (m) => m.SignatureSettingsPage,
);
const DocumentTemplatePage = onDemand(
  () => import('./DocumentTemplatePage'),
  (m) => m.DocumentTemplatePage,
);
// Statistics: each page its own chunk with the charts (@mui/x-charts), never in the first list's JS.
const CompaniesStoragePage = onDemand(
  () => import('../statistics/StoragePages'),
  (m) => m.CompaniesStoragePage,
);
const CompanyStoragePage = onDemand(
  () => import('../statistics/StoragePages'),
  (m) => m.CompanyStoragePage,
);
const CompaniesUsersPage = onDemand(
  () => import('../statistics/UsersPages'),
  (m) => m.CompaniesUsersPage,
);
const CompanyUsersPage = onDemand(
  () => import('../statistics/UsersPages'),
  (m) => m.CompanyUsersPage,
);
const CompaniesUnlimitedPackagesPage = onDemand(
  () => import('../statistics/PackagesPages'),
  (m) => m.CompaniesUnlimitedPackagesPage,
);
const CompanyUnlimitedPackagesPage = onDemand(
  () => import('../statistics/PackagesPages'),
  (m) => m.CompanyUnlimitedPackagesPage,
);
const CompaniesUnitPackagesPage = onDemand(
  () => import('../statistics/PackagesPages'),
  (m) => m.CompaniesUnitPackagesPage,
);
const CompanyUnitPackagesPage = onDemand(
  () => import('../statistics/PackagesPages'),
  (m) => m.CompanyUnitPackagesPage,
);
const CompaniesValidationCodesPage = onDemand(
  () => import('../statistics/CodesPages'),
  (m) => m.CompaniesValidationCodesPage,
);
const CompanyValidationCodesPage = onDemand(
  () => import('../statistics/CodesPages'),
  (m) => m.CompanyValidationCodesPage,
);
const SingleRequestPage = onDemand(
  () => import('../requests/sending/SingleRequestPage'),
  (m) => m.SingleRequestPage,
);
const BulkRequestsPage = onDemand(
  () => import('../requests/bulk/BulkRequestsPage'),
  (m) => m.BulkRequestsPage,
);
const SinglePdfRequestPage = onDemand(
  () => import('../requests/pdf/SinglePdfRequestPage'),
  (m) => m.SinglePdfRequestPage,
);
const BulkPdfRequestsPage = onDemand(
  () => import('../requests/pdf/BulkPdfRequestsPage'),
  (m) => m.BulkPdfRequestsPage,
);
const RequestHistoryPage = onDemand(
  () => import('../requests/history/RequestHistoryPage'),
  (m) => m.RequestHistoryPage,
);
const DashboardPage = onDemand(
  () => import('../dashboard/DashboardPage'),
  (m) => m.DashboardPage,
);
const RequestDetailPage = onDemand(
  () => import('../requests/history/RequestDetailPage'),
  (m) => m.RequestDetailPage,
);

/** Routes react-admin renders (the public signing pages and the guest pages live outside it). */
export type AdminRouteName = Exclude<
  RouteName,
  (typeof PUBLIC_SIGNING_ROUTE_NAMES)[number] | (typeof GUEST_ROUTE_NAMES)[number]
>;

/** A bespoke screen: the component of its lazily loaded page. */
type PageDeclaration = { element: () => ReactElement };

/**
 * The screen of every route react-admin renders that no resource declaration serves (resources bring
 * their own, src/framework/contributions.tsx); a test checks every route has one.
 */
export const ADMIN_PAGES: Partial<Record<AdminRouteName, PageDeclaration>> = {
  home: { element: HomePage },
  'faq.asked-questions': { element: FaqPage },
  'session.recover-password': { element: RecoverPasswordPage },
  'admin.impersonation': { element: ImpersonationPage },
  'admin.update-company.item-crud': { element: CompanyEditPage },
  'admin.update-signature.signature': { element: SignatureSettingsPage },
  'user.dashboard': { element: DashboardPage },
  'user.user.item-crud': { element: ProfilePage },
  'user.documentTemplate.item-crud': { element: DocumentTemplatePage },
  'admin.document.item-crud': { element: DocumentGroupEditPage },
  'admin.single-signature-request': { element: SingleRequestPage },
  'admin.bulk-pdf-requests': { element: BulkPdfRequestsPage },
  'admin.single-pdf-request': { element: SinglePdfRequestPage },
  'admin.list-signature-request.list': { element: RequestHistoryPage },
  'admin.update-signature-request.update': { element: RequestDetailPage },
  'admin.bulk-requests': { element: BulkRequestsPage },
  'admin.company_features': { element: CompanyFeaturesPage },
  'admin.getStorageStatistics': { element: CompaniesStoragePage },
  'admin.getCompanyStorageStatistics': { element: CompanyStoragePage },
  'admin.getUsersCompaniesStorageStatistics': { element: CompaniesUsersPage },
  'admin.getUsersCompanyStorageStatistics': { element: CompanyUsersPage },
  'admin.getCompaniesUnlimitedPackagesStatistics': { element: CompaniesUnlimitedPackagesPage },
  'admin.getCompanyUnlimitedPackagesStatistics': { element: CompanyUnlimitedPackagesPage },
  'admin.getCompaniesUnitsPackagesStatistics': { element: CompaniesUnitPackagesPage },
  'admin.getCompanyUnitsPackagesStatistics': { element: CompanyUnitPackagesPage },
  'admin.getCompaniesValidationCodes': { element: CompaniesValidationCodesPage },
  'admin.getCompanyValidationCodes': { element: CompanyValidationCodesPage },
};

/**
 * The element a route renders: a declared resource's screen, else the page of the table above.
 * Keyed by the route, so moving to another route mounts its screen afresh: two routes rendering the
 * same component (every generated list is a GeneratedListPage) would otherwise share one instance,
 * with the first screen's state and a different order of hooks (a crash to «Algo salió mal»).
 */
export function pageElement(name: string): ReactElement {
  return (
    <Fragment key={name}>
      <Suspense fallback={<Loading />}>{routeScreen(name)}</Suspense>
    </Fragment>
  );
}

function routeScreen(name: string): ReactElement {
  const generated = resourcePageOf(name);
  if (generated) return generated();
  const page = ADMIN_PAGES[name as AdminRouteName];
  if (!page) throw new Error(`Ruta sin pantalla: ${name}`);
  return page.element();
}
