import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { confirmTotpEnrolment, fetchSignInMethods, removeTotp, startTotpEnrolment, type TotpEnrolment } from './identity-api.ts';
import { RecoveryCodes, TotpSetup } from './totp-parts.tsx';
import { PasskeysCard } from './passkeys-card.tsx';

/**
 * /sign-in-methods, under the profile menu (docs/sign-in.md): the user's ways to sign in and their last use; set up an
 * authenticator app (QR code and secret, confirmed by a first code; ten recovery codes shown once) or remove it.
 */
export function SignInMethodsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const session = useSession();
  const { data, mutate } = useSWR(session ? ['user/me/signInMethods', session.token] : null, fetchSignInMethods, { revalidateOnFocus: false });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const [pending, setPending] = useState(false);
  if (!session) return null;
  const language = currentLanguage();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : t('identity.signInMethods.never'));

  const start = async () => {
    setPending(true);
    try {
      setEnrolment(await startTotpEnrolment());
      setCode('');
      setCodeError(null);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setPending(false);
    }
  };

  const confirm = async () => {
    if (code.trim() === '') {
      setCodeError(t('errors.validation-required'));
      return;
    }
    setPending(true);
    try {
      const answer = await confirmTotpEnrolment(code.trim());
      setEnrolment(null);
      setRecoveryCodes(answer.recoveryCodes);
      notifySuccess(t('identity.signInMethods.enrolled'));
      await mutate();
    } catch (error) {
      setCodeError(errorText(error));
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    setPending(true);
    try {
      await removeTotp();
      notifySuccess(t('identity.signInMethods.removed'));
      setRemoving(false);
      await mutate();
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setPending(false);
    }
  };

  const totp = data?.totp;
  return (
    <>
      <PageHeader />
      <Text size="sm" mb="md" maw={760}>
        {t('identity.signInMethods.intro')}
      </Text>
      <Stack gap="md" maw={760}>
        <Card withBorder>
          <Title order={2} size="h4">
            {t('identity.signInMethods.password')}
          </Title>
          <Text size="sm">{data ? t(data.password.set ? 'identity.signInMethods.passwordSet' : 'identity.signInMethods.passwordNotSet') : '…'}</Text>
        </Card>
        {session ? <PasskeysCard sessionToken={session.token} onChanged={() => void mutate()} /> : null}
        {data?.sso.available ? (
          <Card withBorder>
            <Title order={2} size="h4">
              {t('identity.signInMethods.sso')}
            </Title>
            <Text size="sm">{t('identity.signInMethods.ssoText')}</Text>
            <dl style={{ margin: 0 }} data-testid="sso-facts">
              <Text component="dt" size="sm" fw={600}>{t('identity.signInMethods.lastUsed')}</Text>
              <Text component="dd" size="sm" ml={0}>{when(data.sso.lastUsedAt)}</Text>
            </dl>
          </Card>
        ) : null}
        <Card withBorder>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('identity.signInMethods.totp')}
              </Title>
              {totp?.state === 'confirmed' ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => setRemoving(true)}>
                  {t('identity.signInMethods.remove')}
                </Button>
              ) : null}
            </Group>
            {data?.organisationRequiresTotp ? <Text size="sm">{t('identity.signInMethods.required')}</Text> : null}
            {totp?.state === 'confirmed' ? (
              <dl style={{ margin: 0 }} data-testid="totp-facts">
                <Text component="dt" size="sm" fw={600}>{t('identity.signInMethods.since')}</Text>
                <Text component="dd" size="sm" ml={0}>{when(totp.confirmedAt)}</Text>
                <Text component="dt" size="sm" fw={600}>{t('identity.signInMethods.lastUsed')}</Text>
                <Text component="dd" size="sm" ml={0}>{when(totp.lastUsedAt)}</Text>
                <Text component="dt" size="sm" fw={600}>{t('identity.signInMethods.recoveryLeft')}</Text>
                <Text component="dd" size="sm" ml={0}>{totp.recoveryCodesLeft}</Text>
              </dl>
            ) : null}
            {totp && totp.state !== 'confirmed' && !enrolment ? (
              <>
                <Text size="sm">{t('identity.signInMethods.totpNone')}</Text>
                <Button leftSection={<IconShieldLock size={16} aria-hidden="true" />} onClick={() => void start()} loading={pending} style={{ alignSelf: 'flex-start' }}>
                  {t('identity.signInMethods.enrol')}
                </Button>
              </>
            ) : null}
            {enrolment ? (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void confirm();
                }}
              >
                <Stack gap="sm">
                  <Text size="sm">{t('identity.signInMethods.enrolIntro')}</Text>
                  <TotpSetup enrolment={enrolment} />
                  <TextInput
                    label={t('identity.login.totp.code')}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    value={code}
                    onChange={(event) => setCode(event.currentTarget.value)}
                    error={codeError}
                    maw={240}
                  />
                  <Group>
                    <Button type="submit" loading={pending}>
                      {t('identity.login.totp.submit')}
                    </Button>
                    <Button variant="default" onClick={() => setEnrolment(null)}>
                      {t('common.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : null}
            {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
          </Stack>
        </Card>
      </Stack>
      <ConfirmDialog
        opened={removing}
        title={t('identity.signInMethods.remove')}
        confirmLabel={t('identity.signInMethods.remove')}
        destructive
        pending={pending}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(false)}
      >
        {t('identity.signInMethods.removeConfirm')}
      </ConfirmDialog>
    </>
  );
}
