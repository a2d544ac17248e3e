import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAppTranslate } from '../i18n/useAppTranslate';

export type SessionCardProps = {
  /** The page heading (h1); also names the card for assistive technology. */
  title: string;
  titleId: string;
  children: ReactNode;
};

/**
 * The frame of the guest screens (login, code step, password recovery): the login-style background
 * of SPEC §2.3 and a centred card under the product name.
 */
export function SessionCard({ title, titleId, children }: SessionCardProps) {
  const translate = useAppTranslate();
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: `linear-gradient(160deg, ${theme.palette.appSecondary} 0%, ${theme.palette.appBackground} 55%, ${theme.palette.primary.light} 160%)`,
      })}
    >
      <Card component="section" aria-labelledby={titleId} sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={0.5} sx={{ mb: 3, textAlign: 'center' }}>
            <Typography component="p" variant="h4" color="primary" sx={{ fontWeight: 700 }}>
              {translate('app.name')}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              {translate('app.tagline')}
            </Typography>
          </Stack>
          <Typography id={titleId} component="h1" variant="h5" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
