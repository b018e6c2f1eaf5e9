import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/i18n.ts';
import { startSession } from '../../lib/session.ts';
import { completeSsoLogin } from './identity-api.ts';
import { PendingSignIn } from './pending-sign-in.tsx';

/**
 * Where the organisation's sign-in service sends the browser back (docs/sign-in.md "Single sign-on"): the parameters
 * it brought go to the server, which checks them and answers the session. On success the route's guard sends the user
 * to the remembered path or home.
 */
export function SsoReturnPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [requestFailure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const state = params.get('state') ?? '';
  const failure = state === '' ? t('errors.sso-login-expired') : requestFailure;

  useEffect(() => {
    // A return serves once: never send it twice (React runs effects twice in development).
    if (started.current || state === '') return;
    started.current = true;
    const sent = Object.fromEntries(['code', 'iss', 'error'].flatMap((name) => (params.has(name) ? [[name, params.get(name) ?? '']] : [])));
    completeSsoLogin({ state, ...sent })
      .then(({ accessToken }) => {
        if (!startSession(accessToken)) setFailure(t('errors.request-error'));
      })
      .catch((error: unknown) => setFailure(errorText(error)));
  }, [state, params, t, errorText]);

  return <PendingSignIn title={t('identity.login.sso.title')} failure={failure} />;
}
