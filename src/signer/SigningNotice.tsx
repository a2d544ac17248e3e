import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type NoticeSeverity = 'success' | 'info' | 'warning';

/**
 * A message box on the signer's first screen (why a link cannot be used, a finished signature,
 * whose turn it is). MUI's Alert would bring its icons and button machinery into the JavaScript
 * the page needs before the document shows (≤ 150 KB gzip); the forms loaded after it use Alert.
 */
export function SigningNotice({
  severity,
  role,
  children,
}: {
  severity: NoticeSeverity;
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <Box
      role={role}
      sx={(theme) => ({
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: theme.palette[severity].main,
        bgcolor: alpha(theme.palette[severity].main, 0.08),
        color: 'text.primary',
        typography: 'body1',
      })}
    >
      {children}
    </Box>
  );
}
