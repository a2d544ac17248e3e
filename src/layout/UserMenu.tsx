import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import SwitchAccountOutlinedIcon from '@mui/icons-material/SwitchAccountOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, ButtonBase, Divider, ListItemIcon, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type AuthenticatedUser, ROLE } from '../../contract';
import { pathOf } from '../access/routes';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useImpersonation } from '../impersonation/useImpersonation';

/**
 * SPEC §2.4: the user's full name and role name with a user icon; its menu offers "Editar Perfil",
 * "Suplantar Usuario" (role 20 only) and "Volver a mi usuario" (only while impersonating).
 */
export function UserMenu({ user }: { user: AuthenticatedUser }) {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const { isImpersonating, returnToOwnUser } = useImpersonation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={translate('app.user_menu.open')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid="user-menu-button"
        // The one part of the bar that gives way on a narrow phone: the name ends in "…".
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1, textAlign: 'left', minWidth: 0, flexShrink: 1 }}
      >
        <AccountCircleIcon sx={{ fontSize: 34, color: 'primary.main' }} aria-hidden />
        {/* SPEC §2.4: name and role in the top bar, phones included (shortened there). */}
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="body2"
            noWrap
            sx={{ fontWeight: 600, maxWidth: { xs: 110, sm: 220 } }}
            data-testid="user-full-name"
          >
            {user.full_name}
          </Typography>
          <Typography
            variant="caption"
            noWrap
            component="p"
            color="text.secondary"
            data-testid="user-role-name"
            sx={{ maxWidth: { xs: 110, sm: 220 } }}
          >
            {user.role_name}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        {/* On a phone the bar has no room for the name: the menu shows who is logged in. */}
        <Stack sx={{ px: 2, py: 1, display: { md: 'none' } }} aria-hidden>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {user.full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {user.role_name} · {user.company_name}
          </Typography>
        </Stack>
        <Divider sx={{ display: { md: 'none' } }} />
        <MenuItem onClick={() => go(pathOf('user.user.item-crud'))}>
          <ListItemIcon>
            <ManageAccountsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.user_menu.edit_profile')}
        </MenuItem>
        {user.role_id === ROLE.administrator && (
          <MenuItem onClick={() => go(pathOf('admin.impersonation'))}>
            <ListItemIcon>
              <SwitchAccountOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {translate('app.user_menu.impersonate')}
          </MenuItem>
        )}
        {isImpersonating && (
          <MenuItem
            onClick={() => {
              close();
              void returnToOwnUser();
            }}
          >
            <ListItemIcon>
              <UndoIcon fontSize="small" />
            </ListItemIcon>
            {translate('app.user_menu.return_to_own_user')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
