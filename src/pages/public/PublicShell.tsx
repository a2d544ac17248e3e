import { Box, CssBaseline, Stack, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useEffect } from 'react';
import { spanishAppMessages } from '../../i18n/es';
import { publicTheme } from '../../theme/publicTheme';
import { FALLBACK_BACKGROUND } from '../../theme/tokens';

/** The public pages speak Spanish without react-admin's i18n (they must not load react-admin). */
export const PUBLIC_MESSAGES = spanishAppMessages.app;

export type PublicShellProps = { title: string; children?: ReactNode };

/**
 * The frame of the public signing pages (SPEC §2.3 for /signature-request: no drawer, no top bar,
 * no footer, the theme's customBackground or white). Built with MUI only.
 */
export function PublicShell({ title, children }: PublicShellProps) {
  useEffect(() => {
    const previous = document.title;
    document.title = PUBLIC_MESSAGES.document_title.replace('%{page}', title);
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
            {PUBLIC_MESSAGES.name}
          </Typography>
          <Typography component="h1" variant="h4">
            {title}
          </Typography>
          {children}
        </Stack>
      </Box>
    </ThemeProvider>
  );
}
