import { Box, CssBaseline, Stack, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useEffect } from 'react';
import { publicTheme } from '../theme/publicTheme';
import { FALLBACK_BACKGROUND } from '../theme/tokens';

/**
 * The frame of the signer's and the other public pages (SPEC §2.3: no drawer, no top bar, no
 * footer). It names the product itself instead of reading the app's message catalogue, which
 * alone would weigh more than the signer's pages (their JavaScript up to the first page on screen
 * stays under 150 KB gzip).
 */

export const PRODUCT_NAME = 'Rúbrica';

export function SigningShell({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline />
      <Box
        data-testid="app-shell"
        data-shell="signing"
        sx={(theme) => ({
          minHeight: '100vh',
          bgcolor: theme.palette.customBackground || FALLBACK_BACKGROUND,
          px: 2,
          py: { xs: 3, sm: 6 },
        })}
      >
        <Stack component="main" spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
          <Typography component="p" variant="h5" color="primary" sx={{ fontWeight: 700 }}>
            {PRODUCT_NAME}
          </Typography>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </Box>
    </ThemeProvider>
  );
}
