import { useState } from 'react';
import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { checkNewToken, scopesUserMayHold, type ApiTokenScope, type ScopeSubject } from '@ecore/core/identity/api-tokens.ts';
import type { CreatedApiToken } from '@ecore/core/identity/api-token-schema.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { SecretShownOnce } from '../../components/secret-shown-once.tsx';
import { serverFieldErrors } from '../../components/forms/form-errors.ts';
import { useMessage } from '../../components/forms/use-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createApiToken } from './api-tokens-api.ts';

interface FormValues {
  name: string;
  scopes: ApiTokenScope[];
  expiresAt: string;
}

const DAY = 24 * 60 * 60 * 1000;
/** The expiry offered: 90 days ahead (at most a year is allowed). */
const defaultExpiry = (now: number) => new Date(now + 90 * DAY).toISOString().slice(0, 10);

/**
 * Creates an access token (issue 21, docs/api.md): name, scopes (those the user may hold, core scopesUserMayHold) and
 * expiry date, checked by core checkNewToken as the server checks them. After the call the dialog shows the secret
 * once, with a copy button; closing it forgets the secret.
 */
export function CreateTokenDialog({ subject, onClose, onCreated }: { subject: ScopeSubject; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const holdable = scopesUserMayHold(subject);
  const [opened] = useState(() => Date.now());
  const form = useForm<FormValues>({ initialValues: { name: '', scopes: ['read'], expiresAt: defaultExpiry(opened) } });

  const submit = async () => {
    const values = form.getValues();
    const problems = checkNewToken(values, subject, Date.now());
    const errors = Object.fromEntries(problems.map((p) => [p.path, translate(p.key, p.params ?? {})]));
    form.setErrors(errors);
    if (problems.length > 0) return;
    setPending(true);
    try {
      setCreated(await createApiToken({ name: values.name.trim(), scopes: values.scopes, expiresAt: values.expiresAt }));
      notifySuccess(t('apiTokens.toast.createSuccess'));
      onCreated();
    } catch (failure) {
      form.setErrors(serverFieldErrors(failure, translate));
      notifyError(failure instanceof ApiError && failure.statusCode < 500 ? errorText(failure) : t('apiTokens.toast.createError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={pending ? () => undefined : onClose}
      title={t(created ? 'apiTokens.created.title' : 'apiTokens.dialog.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      {created ? (
        <SecretShownOnce
          value={created.token}
          texts={{
            once: t('apiTokens.created.once'),
            label: t('apiTokens.created.secret'),
            copy: t('apiTokens.created.copy'),
            copied: t('apiTokens.created.copied'),
            done: t('apiTokens.created.done'),
          }}
          onDone={onClose}
        />
      ) : (
        <DialogForm onSubmit={submit} onCancel={onClose} pending={pending} submitLabel={t('apiTokens.dialog.submit')}>
          <TextInput label={t('apiTokens.dialog.name')} description={t('apiTokens.dialog.nameHint')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Checkbox.Group label={t('apiTokens.dialog.scopes')} withAsterisk {...form.getInputProps('scopes')}>
            <Stack gap={6} mt={6}>
              {holdable.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(`apiTokens.scopes.${scope}`)} description={t(`apiTokens.scopeHints.${scope}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <DateField
            label={t('apiTokens.dialog.expiresAt')}
            value={form.getValues().expiresAt}
            onChange={(value) => form.setFieldValue('expiresAt', value)}
            error={form.errors.expiresAt}
          />
          <Text size="xs" c="dimmed">
            {t('apiTokens.dialog.expiryHint')}
          </Text>
        </DialogForm>
      )}
    </Modal>
  );
}
