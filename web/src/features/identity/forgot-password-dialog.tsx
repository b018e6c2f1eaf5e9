import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from './identity-api.ts';
import { afterCoreMessages } from '../../lib/core-messages.ts';

type State = 'form' | 'sent' | 'failed';

/**
 * Forgot-password dialog of the login page (spec 01 §4): the user name is required; on success a
 * message and a button back to the login, on failure the request-error text inside the dialog.
 * The server answers the same whether the user exists, so nothing here tells.
 */
export function ForgotPasswordDialog({
  opened,
  onClose,
  initialUserName,
}: {
  opened: boolean;
  onClose: () => void;
  initialUserName: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('form');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { userName: initialUserName.trim() },
    validate: { userName: (value) => (value.trim() === '' ? t('errors.validation-required') : null) },
  });

  const submit = async ({ userName }: { userName: string }) => {
    setSubmitting(true);
    try {
      await requestPasswordReset(userName.trim());
      setState('sent');
    } catch {
      setState('failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('identity.forgotPassword.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {state === 'sent' ? (
        <Stack gap="md">
          <Alert color="green" variant="light">
            {t('identity.forgotPassword.sent')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('identity.forgotPassword.toLogin')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={afterCoreMessages(form.onSubmit(submit))} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('identity.forgotPassword.intro')}</Text>
            {state === 'failed' ? (
              <Alert color="red" variant="light">
                {t('errors.request-error')}
              </Alert>
            ) : null}
            <TextInput
              label={t('identity.forgotPassword.userName')}
              autoComplete="username"
              data-autofocus
              {...form.getInputProps('userName')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={submitting}>
                {t('identity.forgotPassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
