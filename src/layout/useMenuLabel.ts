import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuthenticatedUser, EndpointName } from '../../contract';
import { mayCallEndpoint } from '../access/endpointAccess';
import { buildMenu, type MenuModel, menuLabelOf } from '../access/menuModel';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useAppMenu } from './appMenu';
import { useSessionUser } from './useSessionUser';

/** The menu `user` sees: their permissions, and only screens whose own call the contract lets them make. */
export function useMenuModel(user: AuthenticatedUser | null): MenuModel | undefined {
  const translate = useAppTranslate();
  const menu = useAppMenu();
  return useMemo(() => {
    if (!user) return undefined;
    const mayCall = (name: EndpointName) => mayCallEndpoint(user, name);
    return buildMenu({ roleId: user.role_id, permissions: user.permissions, mayCall }, translate, menu);
  }, [user, translate, menu]);
}

/** The menu label of the current page for the signed-in user (its heading), if the menu links it. */
export function useMenuLabel(): string | undefined {
  const { pathname } = useLocation();
  const { user } = useSessionUser();
  const model = useMenuModel(user);
  return model && menuLabelOf(model, pathname);
}
