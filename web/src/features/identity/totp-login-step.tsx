import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/i18n.ts';
import { startSession } from '../../lib/session.ts';
import { completeTotpLogin, startTotpLoginEnrolment, type TotpEnrolment } from './identity-api.ts';
import { RecoveryCodes, TotpSetup } from './totp-parts.tsx';

/**
 * The code step of a sign-in (docs/sign-in.md): after the right password, a code of the authenticator app or a
 * recovery code. Where the organisation requires an app and the user has none, the app is set up here first (QR code
 * and secret) and the ten recovery codes are shown once before the session starts.
 */
export function TotpLoginStep({ need, loginToken, onRestart }: { need: 'totp' | 'totpEnrolment'; loginToken: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [done, setDone] = useState<{ accessToken: string; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    if (need !== 'totpEnrolment') return;
    startTotpLoginEnrolment(loginToken).then(setEnrolment, (e: unknown) => setError(errorText(e)));
  }, [need, loginToken, errorText]);

  const begin = (accessToken: string) => {
    if (!startSession(accessToken)) setError(t('errors.request-error'));
  };

  const submit = async () => {
    if (code.trim() === '') {
      setError(t('errors.validation-required'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await completeTotpLogin(loginToken, code.trim());
      if (answer.recoveryCodes) setDone({ accessToken: answer.accessToken, recoveryCodes: answer.recoveryCodes });
      else begin(answer.accessToken);
    } catch (e) {
      setError(errorText(e));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  if (done) return <RecoveryCodes codes={done.recoveryCodes} onDone={() => begin(done.accessToken)} />;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <Text size="sm">{t(need === 'totpEnrolment' ? 'identity.login.totp.enrolIntro' : 'identity.login.totp.intro')}</Text>
        {enrolment ? <TotpSetup enrolment={enrolment} /> : null}
        <TextInput
          label={t('identity.login.totp.code')}
          autoComplete="one-time-code"
          inputMode={need === 'totpEnrolment' ? 'numeric' : 'text'}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error !== null}
          aria-invalid={error !== null}
          data-autofocus
          autoFocus
        />
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            {t('identity.login.totp.back')}
          </Anchor>
          <Button type="submit" loading={submitting}>
            {t('identity.login.totp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
