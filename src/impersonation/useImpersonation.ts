import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthProvider, useGetIdentity } from 'react-admin';
import { PATHS } from '../access/paths';
import { type ImpersonationTarget, isAppAuthProvider } from '../authProvider/authProvider';
import { createSessionStore } from '../authProvider/session';

/** Full page loads, behind an object so tests can replace them (jsdom cannot navigate). */
export const pageLoader = {
  load: (path: string) => window.location.assign(path),
};

export type Impersonation = {
  /** SPEC §2.4: "Volver a mi usuario" is offered only while this is true. */
  isImpersonating: boolean;
  /** SPEC §4: act as a user of another company. Rejects with the server's error, changing nothing. */
  startImpersonation(target: ImpersonationTarget): Promise<void>;
  /** SPEC §4 "Volver a mi usuario": restores `original_token` and removes it from storage. */
  returnToOwnUser(): Promise<void>;
};

/**
 * Switching users. After each switch the query cache is cleared and the app reloads at /home: a
 * full page load also drops react-admin's store, component state and requests in flight, so
 * nothing of the previous user can stay on screen (the auth provider has already stored the new
 * user, fetched with `get_users`).
 */
export function useImpersonation(): Impersonation {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const isImpersonating =
    identity?.isImpersonating === true || createSessionStore().getOriginalToken() !== null;

  const leaveFor = useCallback(
    (path: string) => {
      queryClient.clear();
      pageLoader.load(path);
    },
    [queryClient],
  );

  const startImpersonation = useCallback(
    async (target: ImpersonationTarget) => {
      if (!isAppAuthProvider(authProvider)) throw new Error('El proveedor de sesión no admite suplantación');
      await authProvider.startImpersonation(target);
      leaveFor(PATHS.home);
    },
    [authProvider, leaveFor],
  );

  const returnToOwnUser = useCallback(async () => {
    if (!isAppAuthProvider(authProvider)) return;
    try {
      await authProvider.stopImpersonation();
      leaveFor(PATHS.home);
    } catch {
      // The administrator's own session is over too; the auth provider has cleared it.
      leaveFor(PATHS.login);
    }
  }, [authProvider, leaveFor]);

  return { isImpersonating, startImpersonation, returnToOwnUser };
}
