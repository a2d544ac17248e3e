import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
} from '@mui/material';
import { useLogout, useNotify } from 'react-admin';
import type { AuthenticatedUser } from '../../contract';
import type { MenuModel } from '../access/menuModel';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useImpersonation } from '../impersonation/useImpersonation';
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from '../theme/tokens';
import { Brand } from './Brand';
import { SideMenu } from './SideMenu';
import { StorageBar } from './StorageBar';
import { useMenuModel } from './useMenuLabel';

const EMPTY_MENU: MenuModel = [[], []];

export type SideDrawerProps = {
  user: AuthenticatedUser;
  /** Permanent from the lg breakpoint up, temporary below (SPEC §2.6, §9). */
  variant: 'permanent' | 'temporary';
  /** Permanent drawer only: the 64 px rail instead of the 260 px panel. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Temporary drawer only. */
  open: boolean;
  onClose: () => void;
};

/** The side navigation: logo (→ home), the menu, the storage bar and the logout item. */
export function SideDrawer({ user, variant, collapsed, onToggleCollapsed, open, onClose }: SideDrawerProps) {
  const translate = useAppTranslate();
  const logout = useLogout();
  const notify = useNotify();
  const { isImpersonating } = useImpersonation();
  const rail = variant === 'permanent' && collapsed;
  const width = rail ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;
  const menu = useMenuModel(user) ?? EMPTY_MENU;
  const closeIfTemporary = variant === 'temporary' ? onClose : undefined;
  const toggleLabel = translate(collapsed ? 'app.shell.expand_menu' : 'app.shell.collapse_menu');
  const logoutLabel = translate('app.shell.logout');

  const logoutButton = (
    <ListItemButton
      onClick={async () => {
        await logout();
        // SPEC §4: while impersonating, logout keeps the session; say so instead of doing nothing.
        if (isImpersonating) notify('app.impersonation.logout_kept', { type: 'info' });
      }}
      aria-label={rail ? logoutLabel : undefined}
      data-testid="logout-item"
      sx={{
        minHeight: 44,
        borderRadius: 2,
        mx: 1,
        px: rail ? 0 : 1.5,
        justifyContent: rail ? 'center' : undefined,
      }}
    >
      <ListItemIcon sx={{ minWidth: rail ? 0 : 36 }}>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      {!rail && (
        <ListItemText
          primary={logoutLabel}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }}
        />
      )}
    </ListItemButton>
  );

  return (
    <Drawer
      variant={variant}
      open={variant === 'permanent' ? true : open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: variant === 'permanent' ? width : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          borderRight: '1px solid',
          borderColor: 'divider',
          transition: (theme) =>
            theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      }}
      slotProps={{
        paper: {
          'data-testid': 'side-drawer',
          'data-collapsed': String(rail),
          // The temporary drawer is a dialog: it needs a name (the permanent one is plain content).
          ...(variant === 'temporary' ? { 'aria-label': translate('app.shell.navigation') } : {}),
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: rail ? 'center' : 'space-between',
          flexDirection: rail ? 'column' : 'row',
          gap: 1,
          minHeight: 64,
          px: rail ? 0 : 2,
          py: rail ? 1 : 0,
        }}
      >
        <Brand compact={rail} />
        {variant === 'permanent' ? (
          <Tooltip title={toggleLabel} placement="right">
            <IconButton
              onClick={onToggleCollapsed}
              aria-label={toggleLabel}
              aria-expanded={!collapsed}
              data-testid="drawer-toggle"
              size="small"
            >
              {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </Tooltip>
        ) : (
          <IconButton onClick={onClose} aria-label={translate('app.shell.close_menu')} size="small">
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Divider />
      <Box
        component="nav"
        aria-label={translate('app.shell.navigation')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        <SideMenu menu={menu} collapsed={rail} onNavigate={closeIfTemporary} />
      </Box>
      <Divider />
      <StorageBar companyId={user.company_id} collapsed={rail} />
      <List component="div" sx={{ py: 1 }}>
        {rail ? (
          <Tooltip title={logoutLabel} placement="right">
            {logoutButton}
          </Tooltip>
        ) : (
          logoutButton
        )}
      </List>
    </Drawer>
  );
}
