import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/i18n.ts';
import { startSession } from '../../lib/session.ts';
import { completeSecondFactor } from './identity-api.ts';
import { PendingSignIn } from './pending-sign-in.tsx';

/**
 * Second step of two-factor sign-in (spec 01 §4): the mailed link carries email and token. On
 * success the session starts and the route's guard sends the user to the remembered path or home.
 */
export function LoginStep2Page() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [requestFailure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const incomplete = email === '' || token === '';
  const failure = incomplete ? t('errors.two-factor-error') : requestFailure;

  useEffect(() => {
    // The token is single-use: never send it twice (React runs effects twice in development).
    if (started.current || incomplete) return;
    started.current = true;
    completeSecondFactor(email, token)
      .then(({ accessToken }) => {
        if (!startSession(accessToken)) setFailure(t('errors.request-error'));
      })
      .catch((error: unknown) => setFailure(errorText(error)));
  }, [email, token, incomplete, t, errorText]);

  return <PendingSignIn title={t('identity.loginStep2.title')} failure={failure} />;
}
