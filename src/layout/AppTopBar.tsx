import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Toolbar,
  Typography,
} from '@mui/material';
import { TitlePortal } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AuthenticatedUser } from '../../contract';
import { PATHS } from '../access/paths';
import { useIsLoading } from '../feedback/FeedbackBridge';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useImpersonation } from '../impersonation/useImpersonation';
import { Brand } from './Brand';
import { HelpButton } from './HelpButton';
import { UserMenu } from './UserMenu';

const barSx = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  borderBottom: '1px solid',
  borderColor: 'divider',
} as const;

/** Turned on while any request is under way; any reply turns it off (SPEC §7.3). */
function LoadingBar() {
  const translate = useAppTranslate();
  const loading = useIsLoading();
  if (!loading) return null;
  return (
    <LinearProgress
      aria-label={translate('app.shell.loading')}
      data-testid="loading-indicator"
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }}
    />
  );
}

// Connectors and company-type suffixes say nothing about the company.
const MINOR_WORDS = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
  's.a.s.',
  'sas',
  's.a.',
  'sa',
  'ltda',
  'ltda.',
]);

/** Up to two initials for a company without a logo: "Almacenes del Shell S.A.S." → "AS". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !MINOR_WORDS.has(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function CompanyBadge({ user }: { user: AuthenticatedUser }) {
  const translate = useAppTranslate();
  const initials = initialsOf(user.company_name);
  const logoLabel = translate('app.shell.company_logo', { company: user.company_name });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }} data-testid="company-badge">
      <Avatar
        variant="rounded"
        src={user.company_avatar ?? undefined}
        alt={logoLabel}
        // Without a logo the initials stand in for it, under the same name.
        {...(user.company_avatar ? {} : { role: 'img', 'aria-label': logoLabel })}
        sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: 15 }}
      >
        {initials}
      </Avatar>
      <Typography
        variant="body2"
        noWrap
        sx={{ fontWeight: 600, maxWidth: 240, display: { xs: 'none', sm: 'block' } }}
        data-testid="company-name"
      >
        {user.company_name}
      </Typography>
    </Box>
  );
}

export type AppTopBarProps = { user: AuthenticatedUser; showMenuButton: boolean; onOpenMenu: () => void };

/** SPEC §2.4, authenticated users: page title, help (§2.5), company name and logo, the user and their menu. */
export function AppTopBar({ user, showMenuButton, onOpenMenu }: AppTopBarProps) {
  const translate = useAppTranslate();
  const { isImpersonating } = useImpersonation();
  return (
    <AppBar position="sticky" elevation={0} sx={barSx} data-testid="app-bar">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64 } }}>
        {showMenuButton && (
          <IconButton edge="start" onClick={onOpenMenu} aria-label={translate('app.shell.open_menu')}>
            <MenuIcon />
          </IconButton>
        )}
        {showMenuButton && <Brand nameFromSm />}
        {/* The page's title (react-admin's <Title>), as a quiet label beside the page's own heading. */}
        <TitlePortal
          variant="subtitle1"
          component="p"
          sx={{ display: { xs: 'none', lg: 'block' }, fontWeight: 600, color: 'text.secondary' }}
        />
        <Box sx={{ flex: 1, display: { lg: 'none' } }} />
        {isImpersonating && (
          <Chip size="small" color="warning" label={translate('app.user_menu.impersonating')} />
        )}
        <HelpButton user={user} />
        <CompanyBadge user={user} />
        <UserMenu user={user} />
      </Toolbar>
      <LoadingBar />
    </AppBar>
  );
}

/** A guest's bar on open pages: the product's mark and the way in. */
export function GuestTopBar() {
  const translate = useAppTranslate();
  return (
    <AppBar position="sticky" elevation={0} sx={barSx} data-testid="guest-app-bar">
      <Toolbar sx={{ gap: 2, minHeight: { xs: 64 } }}>
        <Brand to={PATHS.root} />
        <Box sx={{ flex: 1 }} />
        <Button component={Link} to={PATHS.login} variant="contained">
          {translate('app.shell.sign_in')}
        </Button>
      </Toolbar>
      <LoadingBar />
    </AppBar>
  );
}
