import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, List, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH_STATED } from '@ecore/core/identity/password.ts';
import { ApiError } from '../../lib/api-client.ts';
import { endSession, getSession } from '../../lib/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { checkSetPasswordLink, logout, setPassword } from './identity-api.ts';
import { NoticeWithLoginLink } from './notice-with-login-link.tsx';
import { passwordProblemText, repeatProblemText, type TextRef } from './password-messages.ts';

type PageState = { kind: 'checking' } | { kind: 'form'; userName: string } | { kind: 'done' };

/**
 * Set or reset a password through a mailed link (spec 01 §2, §4, §5): the link is checked first,
 * a broken or expired one leads to the invalid-link page.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<PageState>({ kind: 'checking' });
  const [failed, setFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (token === '') {
      void navigate('/invalid-link', { replace: true });
      return;
    }
    checkSetPasswordLink(token)
      .then(({ userName }) => setState({ kind: 'form', userName: userName || (params.get('userName') ?? '') }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.key === 'invalid-link') void navigate('/invalid-link', { replace: true });
        else setState({ kind: 'form', userName: params.get('userName') ?? '' });
      });
  }, [token, navigate, params]);

  const text = (ref: TextRef | null) => (ref ? t(ref.key, ref.values) : null);
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (value) => text(passwordProblemText(value)),
      repeat: (value, values) => text(repeatProblemText(values.password, value)),
    },
  });

  const submit = async ({ password }: { password: string }) => {
    setFailed(false);
    setSubmitting(true);
    try {
      await setPassword(password, token);
      // Spec 01 §4: whoever is logged in at this moment is logged out.
      if (getSession()) {
        await logout().catch(() => undefined);
        endSession('passwordSet');
      }
      setState({ kind: 'done' });
    } catch (error) {
      if (error instanceof ApiError && error.key === 'invalid-link') void navigate('/invalid-link', { replace: true });
      else setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('identity.setPassword.title')}>
      {state.kind === 'checking' ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : null}
      {state.kind === 'done' ? (
        <NoticeWithLoginLink color="green" linkLabel={t('identity.setPassword.toLogin')}>
          {t('identity.setPassword.success')}
        </NoticeWithLoginLink>
      ) : null}
      {state.kind === 'form' ? (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            {state.userName ? <Text size="sm">{t('identity.setPassword.forUser', { userName: state.userName })}</Text> : null}
            <div>
              <Text size="sm" id="set-password-rules">
                {t('identity.setPassword.rulesIntro')}
              </Text>
              <List size="sm" aria-labelledby="set-password-rules">
                <List.Item>{t('identity.setPassword.ruleLength', { n: PASSWORD_MIN_LENGTH_STATED })}</List.Item>
                <List.Item>{t('identity.setPassword.ruleLetterAndNumber')}</List.Item>
              </List>
            </div>
            {failed ? (
              <Alert color="red" variant="light">
                {t('errors.set-password-error')}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('identity.setPassword.password')}
              autoComplete="new-password"
              {...form.getInputProps('password')}
              aria-invalid={Boolean(form.errors.password)}
            />
            <PasswordInput
              label={t('identity.setPassword.repeat')}
              autoComplete="new-password"
              {...form.getInputProps('repeat')}
              aria-invalid={Boolean(form.errors.repeat)}
            />
            <Button type="submit" loading={submitting}>
              {t('identity.setPassword.submit')}
            </Button>
          </Stack>
        </form>
      ) : null}
    </AuthLayout>
  );
}
