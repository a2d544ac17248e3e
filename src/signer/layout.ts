import { useMediaQuery } from '@mui/material';
import { publicTheme } from '../theme/publicTheme';
import { MOBILE_BREAKPOINT } from '../theme/tokens';

/**
 * Whether the signer's pages lay out for a phone (below SPEC §9's mobile breakpoint): one step at a
 * time and one document page at a time. Read on the first render (`noSsr`), so a phone never
 * flashes the desktop page first. The public theme's breakpoints, since the pages read this
 * outside the shell's ThemeProvider.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(publicTheme.breakpoints.down(MOBILE_BREAKPOINT), { noSsr: true });
}
