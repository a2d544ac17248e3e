import { Alert, Avatar, Box, Card, CardContent, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useGetIdentity } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { ProfileEditForm } from '../resources/users/ProfileEditForm';
import { serverMessage } from '../session/serverErrors';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSwitch } from './TwoFactorSwitch';

/** The profile's query key; the two-factor switch updates it in place. */
export const profileQueryKey = (id: number | undefined) => ['profile', id] as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/**
 * SPEC §2.1 `user.user.item-crud` (/user/profile), any authenticated user: the user's data (edited
 * in a dialog, ProfileEditForm), two-step verification and a password change.
 */
export function ProfilePage() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { identity } = useGetIdentity();
  const id = typeof identity?.id === 'number' ? identity.id : undefined;
  const profile = useQuery({
    queryKey: profileQueryKey(id),
    queryFn: () => dataProvider.callEndpoint('getUser', { id: id ?? 0 }),
    enabled: id !== undefined,
  });
  const title = translate('app.profile.title');
  useDocumentTitle(title);
  const user = profile.data;

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: 3, maxWidth: 880 }}>
      <Title title={title} />
      <Typography id="page-title" component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      {profile.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverMessage(profile.error) ?? translate('app.login.error')}
        </Alert>
      )}
      <Stack spacing={3}>
        <Card variant="outlined" component="section" aria-labelledby="profile-personal-title">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack
              direction="row"
              spacing={2}
              sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Typography id="profile-personal-title" component="h2" variant="h6">
                {translate('app.profile.personal')}
              </Typography>
              <ProfileEditForm profileQueryKey={profileQueryKey(id)} disabled={!user} />
            </Stack>
            {user ? (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={3}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Avatar
                  aria-hidden
                  sx={{ width: 64, height: 64, bgcolor: 'primary.main', color: 'common.white', fontSize: 24 }}
                >
                  {initials(user.full_name)}
                </Avatar>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    flex: 1,
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                  }}
                >
                  <Detail label={translate('app.profile.full_name')} value={user.full_name} />
                  <Detail label={translate('app.profile.role')} value={user.role_name} />
                  <Detail label={translate('app.profile.company')} value={user.company_name} />
                </Box>
                {user.company_avatar && (
                  <Box
                    component="img"
                    src={user.company_avatar}
                    alt={translate('app.shell.company_logo', { company: user.company_name })}
                    sx={{ maxHeight: 48, maxWidth: 140, objectFit: 'contain' }}
                  />
                )}
              </Stack>
            ) : (
              <Skeleton variant="rounded" height={64} />
            )}
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="profile-security-title">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="profile-security-title" component="h2" variant="h6" sx={{ mb: 2 }}>
              {translate('app.profile.security')}
            </Typography>
            {user?.isImpersonating && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('app.profile.impersonating')}
              </Alert>
            )}
            {user ? (
              <TwoFactorSwitch
                enabled={user.two_factor_enabled}
                disabled={user.isImpersonating}
                queryKey={profileQueryKey(id)}
              />
            ) : (
              <Skeleton variant="rounded" height={48} />
            )}
            <Divider sx={{ my: 3 }} />
            <ChangePasswordForm disabled={user?.isImpersonating !== false} />
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
