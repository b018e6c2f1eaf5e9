import { useState } from 'react';
import { Divider, Modal, PasswordInput, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ssoSettingsBodySchema } from '@ecore/core/identity/sso.ts';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { useDiscardGuard, useGuardedForm, type DiscardGuard } from '../../components/forms/discard-guard.tsx';
import { schemaErrors, serverFieldErrors } from '../../components/forms/form-errors.ts';
import { useMessage } from '../../components/forms/use-message.ts';
import { Loaded } from '../../components/loaded.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { fetchSignInPolicy, fetchSsoSettings, saveSignInPolicy, saveSsoSettings, type SsoSettings } from './accounts-api.ts';

interface Values {
  requireTotp: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  ssoOnly: boolean;
}

/**
 * 'Anmeldung / Sign-in' of an organisation row, for the account administrator (docs/sign-in.md): whether every user
 * needs an authenticator app, and the organisation's single sign-on (issuer, client id, the secret write-only, the
 * covered e-mail domains, SSO only). Each change is in the account audit (server).
 */
export function SignInSettingsDialog({ organisationId, organisationName, onClose }: { organisationId: number; organisationName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useSWR(['organisations/sign-in', organisationId], () => Promise.all([fetchSignInPolicy(organisationId), fetchSsoSettings(organisationId)]));
  const guard = useDiscardGuard(onClose);
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={t('accounts.signIn.dialogTitle', { name: organisationName })} closeButtonProps={{ 'aria-label': t('common.close') }} size="lg" centered>
        <Loaded data={data} error={error}>
          {([policy, sso]) => <SignInSettingsForm organisationId={organisationId} requireTotp={policy.requireTotp} sso={sso} guard={guard} onSaved={onClose} />}
        </Loaded>
      </Modal>
      {guard.prompt}
    </>
  );
}

function SignInSettingsForm({ organisationId, requireTotp, sso, guard, onSaved }: { organisationId: number; requireTotp: boolean; sso: SsoSettings; guard: DiscardGuard; onSaved: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({
    initialValues: { requireTotp, issuer: sso.issuer ?? '', clientId: sso.clientId ?? '', clientSecret: '', domains: sso.domains, ssoOnly: sso.ssoOnly },
  });
  useGuardedForm(guard.watch, form, pending);

  const submit = async () => {
    const values = form.getValues();
    // Single sign-on is saved once it is configured or any of its fields is filled in.
    const touchedSso = sso.configured || values.issuer.trim() !== '' || values.clientId.trim() !== '' || values.domains.length > 0;
    const body = { issuer: values.issuer, clientId: values.clientId, domains: values.domains, ssoOnly: values.ssoOnly, ...(values.clientSecret.trim() === '' ? {} : { clientSecret: values.clientSecret }) };
    const parsed = ssoSettingsBodySchema.safeParse(body);
    const errors = touchedSso && !parsed.success ? schemaErrors(parsed.error.issues, translate) : {};
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    try {
      if (values.requireTotp !== requireTotp) await saveSignInPolicy(organisationId, values.requireTotp);
      if (touchedSso && parsed.success) await saveSsoSettings(organisationId, parsed.data);
      notifySuccess(t('accounts.organisations.toast.signInSuccess'));
      onSaved();
    } catch (failure) {
      form.setErrors(serverFieldErrors(failure, translate));
      notifyError(t('accounts.organisations.toast.signInError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogForm onSubmit={submit} onCancel={guard.requestClose} pending={pending} submitLabel={t('accounts.signIn.save')}>
      <Stack gap="sm">
        <Title order={3} size="h5">{t('accounts.signIn.policy')}</Title>
        <Switch label={t('accounts.signIn.requireTotp')} description={t('accounts.signIn.requireTotpHint')} {...form.getInputProps('requireTotp', { type: 'checkbox' })} />
        <Divider />
        <Title order={3} size="h5">{t('accounts.signIn.sso')}</Title>
        <Text size="sm">{t('accounts.signIn.ssoHint', { redirect: `${window.location.origin}/login/sso` })}</Text>
        {!sso.configured ? <Text size="sm" c="dimmed">{t('accounts.signIn.ssoOff')}</Text> : null}
        <TextInput label={t('accounts.signIn.issuer')} placeholder="https://login.example.com/realms/portal" {...form.getInputProps('issuer')} />
        <TextInput label={t('accounts.signIn.clientId')} {...form.getInputProps('clientId')} />
        <PasswordInput
          label={t('accounts.signIn.clientSecret')}
          placeholder={sso.clientSecretSet ? t('accounts.signIn.clientSecretKept') : undefined}
          autoComplete="new-password"
          {...form.getInputProps('clientSecret')}
          aria-invalid={Boolean(form.errors.clientSecret)}
        />
        <TagsInput label={t('accounts.signIn.domains')} description={t('accounts.signIn.domainsHint')} {...form.getInputProps('domains')} error={form.errors.domains ?? Object.entries(form.errors).find(([k]) => k.startsWith('domains.'))?.[1]} />
        <Switch label={t('accounts.signIn.ssoOnly')} description={t('accounts.signIn.ssoOnlyHint')} {...form.getInputProps('ssoOnly', { type: 'checkbox' })} />
      </Stack>
    </DialogForm>
  );
}
