import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Loading, SkipNavigationButton, useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PackagePopups } from '../popups/PackagePopups';
import { TwoFactorPrompt } from '../session/TwoFactorPrompt';
import { AppFooter } from './AppFooter';
import { AppTopBar, GuestTopBar } from './AppTopBar';
import { ShellErrorBoundary } from './ShellErrorBoundary';
import { SideDrawer } from './SideDrawer';
import { shellBackgroundColor, shellOf } from './shellMode';
import { useSessionUser } from './useSessionUser';

/** react-admin store key of the rail preference (the store is per browser, named and versioned). */
export const DRAWER_COLLAPSED_STORE_KEY = 'layout.drawerCollapsed';

/**
 * The application shell (SPEC §2.3), react-admin's `layout`: chrome and background by path and
 * session. A logged-in user gets the side drawer (permanent from lg up, temporary below), the top
 * bar (with the help button), the footer and the session's pop-ups; a guest gets a slim bar and the footer.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { loggedIn, user } = useSessionUser();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [collapsed, setCollapsed] = useStore(DRAWER_COLLAPSED_STORE_KEY, false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const shell = shellOf(pathname, loggedIn);
  const background = shellBackgroundColor(theme.palette, shell.background);

  // The temporary drawer closes when a link is followed or the screen grows past lg.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each navigation
  useEffect(() => setMobileOpen(false), [pathname, desktop]);

  const content = (
    <ShellErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ShellErrorBoundary>
  );

  if (shell.kind !== 'app') {
    return (
      <Box data-testid="app-shell" data-shell={shell.kind} sx={{ minHeight: '100vh', bgcolor: background }}>
        {content}
      </Box>
    );
  }

  return (
    <Box
      data-testid="app-shell"
      data-shell={loggedIn ? 'app' : 'guest'}
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: background }}
    >
      <SkipNavigationButton />
      {shell.drawer && user && (
        <SideDrawer
          user={user}
          variant={desktop ? 'permanent' : 'temporary'}
          collapsed={collapsed}
          onToggleCollapsed={() => setCollapsed(!collapsed)}
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {user ? (
          <AppTopBar user={user} showMenuButton={!desktop} onOpenMenu={() => setMobileOpen(true)} />
        ) : (
          <GuestTopBar />
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, px: { xs: 2, sm: 3, lg: 4 }, pb: 4, outline: 'none' }}
        >
          {content}
        </Box>
        {shell.footer && <AppFooter />}
      </Box>
      {user && (
        <>
          <PackagePopups />
          <TwoFactorPrompt />
        </>
      )}
    </Box>
  );
}
