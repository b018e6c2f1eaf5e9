import { Suspense, lazy, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconFingerprint, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { readStored } from '../../lib/local-store.ts';
import { startSession } from '../../lib/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { completePasskeyLogin, fetchAppConfig, login, secureLogin, startPasskeyLogin, startSsoLogin, type Credentials } from './identity-api.ts';
import { afterCoreMessages } from '../../lib/core-messages.ts';
import { TotpLoginStep } from './totp-login-step.tsx';

// The dialog (a Mantine modal) loads when first opened: it stays out of the first download.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })));

type Outcome = { kind: 'error'; text: string } | { kind: 'checkMailbox' } | { kind: 'redirecting' } | null;

/**
 * The login screen (spec 01 §2, §4): user name and password, both required. With two-factor
 * sign-in on, the server mails a link instead of opening a session. On success the session
 * starts and the login route's guard sends the user to the remembered path or home. An e-mail address in the name
 * field is asked about first: where an organisation's single sign-on covers its domain, the browser goes to that
 * sign-in service and no password is used (docs/sign-in.md).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: config } = useSWR('app/config', fetchAppConfig, { revalidateOnFocus: false, shouldRetryOnError: false });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpened, forgot] = useDisclosure(false);
  // After the right password of a user with an authenticator app: the code step (docs/sign-in.md).
  const [secondStep, setSecondStep] = useState<{ need: 'totp' | 'totpEnrolment'; loginToken: string } | null>(null);
  // Each opening starts a fresh dialog (empty state, the user name typed so far).
  const [forgotKey, setForgotKey] = useState(0);
  const openForgot = () => {
    setForgotKey((k) => k + 1);
    forgot.open();
  };

  const form = useForm<Credentials>({
    initialValues: { userName: readStored('userName') ?? '', password: '' },
    validate: {
      userName: (value) => (value.trim() === '' ? t('errors.validation-required') : null),
      // An e-mail address may be one of single sign-on, which needs no password: the server is asked first.
      password: (value, values) => (value === '' && !values.userName.includes('@') ? t('errors.validation-required') : null),
    },
  });

  const submit = async (values: Credentials) => {
    setOutcome(null);
    setSubmitting(true);
    const credentials = { userName: values.userName.trim(), password: values.password };
    try {
      if (credentials.userName.includes('@')) {
        const { redirectUrl } = await startSsoLogin(credentials.userName);
        if (redirectUrl) {
          setOutcome({ kind: 'redirecting' });
          window.location.assign(redirectUrl);
          return;
        }
        if (credentials.password === '') {
          form.setFieldError('password', t('errors.validation-required'));
          return;
        }
      }
      if (config?.twoFactorLogin) {
        await secureLogin(credentials);
        form.setFieldValue('password', '');
        setOutcome({ kind: 'checkMailbox' });
        return;
      }
      const answer = await login(credentials);
      form.setFieldValue('password', '');
      if ('secondFactor' in answer) {
        setSecondStep({ need: answer.secondFactor, loginToken: answer.loginToken });
        return;
      }
      if (!startSession(answer.accessToken)) setOutcome({ kind: 'error', text: t('errors.request-error') });
    } catch (error) {
      if (error instanceof ApiError && error.key === 'login-error') {
        // Spec 01 §8: the text shows and both fields are highlighted.
        form.setErrors({ userName: true, password: true });
      } else if (error instanceof ApiError && error.fields.length > 0) {
        form.setErrors(Object.fromEntries(error.fields.map((field) => [field.path, field.message])));
      }
      setOutcome({ kind: 'error', text: errorText(error) });
    } finally {
      setSubmitting(false);
    }
  };

  // A passkey signs in without name or password (docs/sign-in.md "Passkeys"): the browser offers those it holds.
  const passkeySignIn = async () => {
    setOutcome(null);
    setSubmitting(true);
    try {
      // The WebAuthn helper loads when first used: it stays out of the login page's first download.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const answer = await completePasskeyLogin(await startAuthentication({ optionsJSON: await startPasskeyLogin() }));
      if (!startSession(answer.accessToken)) setOutcome({ kind: 'error', text: t('errors.request-error') });
    } catch (error) {
      setOutcome({ kind: 'error', text: error instanceof ApiError ? errorText(error) : t('identity.login.passkeyCancelled') });
    } finally {
      setSubmitting(false);
    }
  };

  if (secondStep) {
    return (
      <AuthLayout title={t('identity.login.totp.title')}>
        <TotpLoginStep {...secondStep} onRestart={() => setSecondStep(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('identity.login.title')}>
      <form onSubmit={afterCoreMessages(form.onSubmit(submit))} noValidate>
        <Stack gap="md">
          {outcome?.kind === 'error' ? (
            <Alert color="red" variant="light">
              {outcome.text}
            </Alert>
          ) : null}
          {outcome?.kind === 'redirecting' ? (
            <Alert color="blue" variant="light" role="status">
              {t('identity.login.sso.redirecting')}
            </Alert>
          ) : null}
          {outcome?.kind === 'checkMailbox' ? (
            <Alert color="blue" variant="light" icon={<IconMailForward aria-hidden="true" />} title={t('identity.login.checkMailboxTitle')}>
              {t('identity.login.checkMailboxText')}
            </Alert>
          ) : null}
          <TextInput
            label={t('identity.login.userName')}
            description={t('identity.login.userNameHint')}
            autoComplete="username"
            {...form.getInputProps('userName')}
          />
          {/* Mantine's PasswordInput leaves aria-invalid off its inner input, hence the explicit one. */}
          <PasswordInput
            label={t('identity.login.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
            aria-invalid={Boolean(form.errors.password)}
          />
          <Group justify="space-between" align="center">
            <Anchor component="button" type="button" size="sm" onClick={openForgot}>
              {t('identity.login.forgotPassword')}
            </Anchor>
            <Button type="submit" loading={submitting}>
              {t('identity.login.submit')}
            </Button>
          </Group>
          {config?.twoFactorLogin ? null : (
            <Button variant="default" leftSection={<IconFingerprint size={16} aria-hidden="true" />} onClick={() => void passkeySignIn()} disabled={submitting}>
              {t('identity.login.passkey')}
            </Button>
          )}
        </Stack>
      </form>
      {forgotKey > 0 ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog key={forgotKey} opened={forgotOpened} onClose={forgot.close} initialUserName={form.getValues().userName} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
