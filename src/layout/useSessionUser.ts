import { createContext, useContext } from 'react';
import { useGetIdentity } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AuthenticatedUser } from '../../contract';
import { createSessionStore, type SessionStore } from '../authProvider/session';
import { decodeTokenPayload, isTokenExpired } from '../authProvider/token';

/** The browser-side session the shell and the guard read; `AdminApp` provides the app's one. */
export const SessionStoreContext = createContext<SessionStore>(createSessionStore());

export type SessionUser = { loggedIn: true; user: AuthenticatedUser } | { loggedIn: false; user: null };

/** Logged in = an unexpired token and the user cached with it (read synchronously: no flash, no request). */
export function readSessionUser(session: SessionStore, now: number = Date.now()): SessionUser {
  const token = session.getToken();
  const payload = token ? decodeTokenPayload(token) : null;
  const user = session.getUser();
  if (!payload || isTokenExpired(payload, now) || !user) return { loggedIn: false, user: null };
  return { loggedIn: true, user };
}

/**
 * The current user for the guard and the shell. Re-read on every navigation and whenever
 * react-admin refreshes the identity (login, logout, impersonation).
 */
export function useSessionUser(): SessionUser {
  const session = useContext(SessionStoreContext);
  useLocation();
  const current = readSessionUser(session);
  // Subscribes to identity changes only; the value itself comes from the session store.
  useGetIdentity({ enabled: current.loggedIn, retry: false, staleTime: 5 * 60 * 1000 });
  return current;
}
