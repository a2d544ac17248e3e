import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import SwitchAccountOutlinedIcon from '@mui/icons-material/SwitchAccountOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useGetIdentity } from 'react-admin';
import { CompanyAutocomplete } from '../framework/common/companyChoices';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { serverMessage } from '../session/serverErrors';
import { useImpersonation } from './useImpersonation';
import { type CompanyOption, type CompanyUser, useCompanyUsers } from './useImpersonationData';

function UserOption({ user, disabled }: { user: CompanyUser; disabled: boolean }) {
  const translate = useAppTranslate();
  return (
    <FormControlLabel
      value={String(user.id)}
      disabled={disabled}
      control={<Radio />}
      sx={{
        m: 0,
        px: 1.5,
        py: 1,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        alignItems: 'center',
        '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.selected' },
      }}
      label={
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {user.full_name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {user.email} · {user.role_name}
            </Typography>
          </Box>
          {user.status !== 'active' && (
            <Chip
              size="small"
              label={translate(`app.impersonation.status.${user.status}`)}
              sx={{ alignSelf: 'flex-start' }}
            />
          )}
        </Stack>
      }
    />
  );
}

function UserPicker({
  company,
  value,
  onChange,
}: {
  company: CompanyOption;
  value: number | null;
  onChange: (userId: number) => void;
}) {
  const translate = useAppTranslate();
  const { identity } = useGetIdentity();
  const users = useCompanyUsers(company.id);
  const headingId = 'impersonation-users-title';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('app.impersonation.users', { company: company.fiscal_name })}
      </Typography>
      {users.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : users.isError ? (
        <Alert severity="error">{serverMessage(users.error) ?? translate('app.login.error')}</Alert>
      ) : users.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.impersonation.no_users')}</Typography>
      ) : (
        <>
          <RadioGroup
            aria-labelledby={headingId}
            value={value === null ? '' : String(value)}
            onChange={(event) => onChange(Number(event.target.value))}
            sx={{ gap: 1 }}
          >
            {users.data.map((user) => (
              <UserOption
                key={user.id}
                user={user}
                disabled={user.status !== 'active' || user.id === identity?.id}
              />
            ))}
          </RadioGroup>
          {users.data.some((user) => user.status !== 'active') && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {translate('app.impersonation.only_active')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * SPEC §2.1 `admin.impersonation` (/user/impersonate-user, permission impersonate.user): pick a
 * company, then one of its users, and act as them (SPEC §4).
 */
export function ImpersonationPage() {
  const translate = useAppTranslate();
  const { startImpersonation } = useImpersonation();
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = translate('app.impersonation.title');
  useDocumentTitle(title);

  const pickCompany = (next: CompanyOption | null) => {
    setCompany(next);
    setUserId(null);
    setFailure(null);
  };

  const impersonate = async () => {
    if (!company || userId === null) return;
    setFailure(null);
    setBusy(true);
    try {
      // On success the page reloads at /home as the other user.
      await startImpersonation({ companyId: company.id, userId });
    } catch (error) {
      setFailure(serverMessage(error) ?? translate('app.login.error'));
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: 3, maxWidth: 760 }}>
      <Title title={title} />
      <Typography id="page-title" component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.impersonation.intro')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            <CompanyAutocomplete
              value={company?.id ?? null}
              onChange={(choice) => pickCompany(choice?.record ?? null)}
              label={translate('app.impersonation.company')}
              helperText={translate('app.impersonation.company_help')}
              noOptionsText={translate('app.impersonation.no_companies')}
              clearable
              showTaxId
            />
            {company ? (
              <UserPicker company={company} value={userId} onChange={setUserId} />
            ) : (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <BusinessOutlinedIcon aria-hidden />
                <Typography>{translate('app.impersonation.pick_company')}</Typography>
              </Stack>
            )}
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                variant="contained"
                size="large"
                onClick={impersonate}
                disabled={!company || userId === null || busy}
                startIcon={
                  busy ? (
                    <CircularProgress size={18} color="inherit" aria-hidden />
                  ) : (
                    <SwitchAccountOutlinedIcon />
                  )
                }
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {translate('app.impersonation.submit')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
