import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { buildMenu, menuLabelOf } from '../access/menuModel';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useAppMenu } from './appMenu';
import { useSessionUser } from './useSessionUser';

/** The menu label of the current page for the signed-in user (its heading), if the menu links it. */
export function useMenuLabel(): string | undefined {
  const { pathname } = useLocation();
  const { user } = useSessionUser();
  const translate = useAppTranslate();
  const menu = useAppMenu();
  return useMemo(() => {
    if (!user) return undefined;
    const model = buildMenu({ roleId: user.role_id, permissions: user.permissions }, translate, menu);
    return menuLabelOf(model, pathname);
  }, [user, translate, pathname, menu]);
}
