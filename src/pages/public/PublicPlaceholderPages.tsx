import { Paper, Typography } from '@mui/material';
import { PUBLIC_MESSAGES, PublicShell } from './PublicShell';

type PublicPageKey = 'sign_request' | 'list_documents' | 'certificate_validation' | 'approval_packages';

function PublicPlaceholder({ page }: { page: PublicPageKey }) {
  return (
    <PublicShell title={PUBLIC_MESSAGES.pages[page]}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography color="text.secondary">{PUBLIC_MESSAGES.pages.public_notice}</Typography>
      </Paper>
    </PublicShell>
  );
}

// One component per public route; the signing issue replaces them with the real pages.
export const SignRequestPage = () => <PublicPlaceholder page="sign_request" />;
export const ListDocumentsPage = () => <PublicPlaceholder page="list_documents" />;
export const CertificateValidationPage = () => <PublicPlaceholder page="certificate_validation" />;
export const ApprovalPackagesPage = () => <PublicPlaceholder page="approval_packages" />;
