import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../lib/session.ts';
import { forgetRememberedPath } from '../../lib/return-path.ts';
import { logout } from './identity-api.ts';

/** Logout (spec 01 §4): the server ends the sessions, the client forgets its own and goes to login. */
export const useLogout = (): (() => Promise<void>) => {
  const navigate = useNavigate();
  return useCallback(async () => {
    // A failed call must not keep anybody logged in on this machine.
    await logout().catch(() => undefined);
    endSession('logout');
    forgetRememberedPath();
    await navigate('/login', { replace: true });
  }, [navigate]);
};
