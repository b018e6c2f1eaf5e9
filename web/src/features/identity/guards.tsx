import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canAccessArea, type Area } from '@ecore/core/identity/route-access.ts';
import { accessSubject, lastSessionEndReason, useSession } from '../../lib/session.ts';
import { forgetRememberedPath, fullPath, pathAfterLogin, rememberPath } from '../../lib/return-path.ts';

/**
 * Protected routes (spec 01 §2 Guards): without an active session the full requested path is
 * remembered and the user goes to login. An explicit logout remembers nothing.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const loggedIn = session !== null;

  useEffect(() => {
    // Inside the portal with a session, an older remembered path has served its purpose.
    if (loggedIn) forgetRememberedPath();
  }, [loggedIn]);

  if (!session) {
    if (lastSessionEndReason() !== 'logout') rememberPath(fullPath(location));
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/** Login pages: a logged-in user goes to the remembered path, or home. */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={pathAfterLogin()} replace />;
  return children;
}

/** A user lacking every role of the area is sent home (core canAccessArea). */
export function RequireArea({ area }: { area: Area }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (!canAccessArea(accessSubject(session), area)) return <Navigate to="/" replace />;
  return <Outlet />;
}
