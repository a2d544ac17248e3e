import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type AuthenticatedUser, ROLE } from '../../contract';
import { pathOf } from '../access/routes';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { PhoneDialog } from './PhoneDialog';
import { SupportFormDialog } from './SupportFormDialog';

/** The company option that swaps the support page for the support form (SPEC §2.5). */
export const SUPPORT_FORM_FEATURE = 'support_form';

/** Where "Solicitar soporte" goes: /supports for role 20, /company_supports for everyone else. */
export function supportPathFor(roleId: number): string {
  return pathOf(roleId === ROLE.administrator ? 'admin.supports' : 'admin.company_supports');
}

/** A full page load, as SPEC §2.5 asks (the support screens start fresh). Replaceable in tests. */
export const pageLoader = { assign: (url: string) => window.location.assign(url) };

/**
 * SPEC §2.5: the help button and its three items. It sits in the top bar rather than floating
 * over the page, where it covered the controls below it (a version's «Ver cambios» at 1440×900, a
 * status chip on a phone) whatever padding the page kept.
 */
export function HelpButton({ user }: { user: AuthenticatedUser }) {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'phone' | 'support' | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  const requestSupport = () => {
    close();
    if (user.features.includes(SUPPORT_FORM_FEATURE)) setDialog('support');
    else pageLoader.assign(supportPathFor(user.role_id));
  };

  return (
    <>
      <IconButton
        color="primary"
        aria-label={translate('app.help.open')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="help-button"
        sx={{ flexShrink: 0 }}
      >
        <HelpOutlineIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 0.5, minWidth: 240 } } }}
      >
        <MenuItem onClick={requestSupport}>
          <ListItemIcon>
            <HeadsetMicOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.help.request_support')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setDialog('phone');
          }}
        >
          <ListItemIcon>
            <PhoneOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.help.call_us')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate(pathOf('faq.asked-questions'));
          }}
        >
          <ListItemIcon>
            <QuizOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.help.faq')}
        </MenuItem>
      </Menu>
      <PhoneDialog open={dialog === 'phone'} phone={user.support.phone} onClose={() => setDialog(null)} />
      <SupportFormDialog open={dialog === 'support'} onClose={() => setDialog(null)} />
    </>
  );
}
