import { configureApiClient } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { fullPath, isPublicPath, rememberPath, UNAUTHORIZED_EXEMPT_PATH } from '../lib/return-path.ts';
import { endSession, getToken } from '../lib/session.ts';
import type { AppRouter } from './router.tsx';

/**
 * Wires the API client to the session, the UI language and the 401 rule of spec 01 §4: any 401
 * logs out, remembers the current route and goes to login, except on the access-permission page.
 */
export const setUpApiClient = (router: AppRouter): void => {
  configureApiClient({
    getToken,
    getLanguage: currentLanguage,
    onUnauthorized: () => {
      const location = router.state.location;
      if (location.pathname === UNAUTHORIZED_EXEMPT_PATH) return;
      endSession('unauthorized');
      if (isPublicPath(location.pathname)) return;
      rememberPath(fullPath(location));
      void router.navigate('/login', { replace: true });
    },
  });
};
