import { Navigate, useAuthState } from 'react-admin';
import { PATHS } from './paths';

/** SPEC §2.1 route `login` (/): home for a logged-in user, the login page for anyone else. */
export function RootRedirect() {
  // Only looks at the session: no logout, no "please log in" notice for a plain visit to /.
  const { authenticated, isPending } = useAuthState(undefined, false);
  if (isPending) return null;
  return <Navigate to={authenticated ? PATHS.home : PATHS.login} replace />;
}
