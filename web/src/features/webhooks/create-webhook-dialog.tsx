import { useState } from 'react';
import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '@ecore/core/shared/messages.ts';
import { WEBHOOK_EVENTS, WEBHOOKS_PER_ORGANISATION, type WebhookEvent } from '@ecore/core/webhooks/webhooks.ts';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { SecretShownOnce } from '../../components/secret-shown-once.tsx';
import { useMessage } from '../../components/forms/use-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createWebhook } from './webhooks-api.ts';

interface FormValues {
  url: string;
  events: WebhookEvent[];
}

/**
 * Subscribes a URL to events (docs/webhooks.md). The server decides the URL (https, no private or link-local
 * address, names resolving inside included, the development loopback) and the organisation's limit; its refusals
 * show at their fields in the current language. After the call the dialog shows the signing secret once, with a
 * copy button; closing it forgets the secret.
 */
export function CreateWebhookDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<FormValues>({ initialValues: { url: 'https://', events: [] } });

  const submit = async () => {
    const values = form.getValues();
    if (values.events.length === 0) {
      form.setErrors({ events: translate('webhook-events-required', {}) });
      return;
    }
    setPending(true);
    try {
      const created = await createWebhook({ url: values.url.trim(), events: values.events });
      setSecret(created.secret);
      notifySuccess(t('webhooks.toast.createSuccess'));
      onCreated();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) {
        const errors: Record<string, string> = {};
        for (const field of failure.fields) {
          // The unknown event's name is only in the server's text; the other keys are translated here.
          errors[field.path] ??= isMessageKey(field.key) && field.key !== 'webhook-event-unknown' ? translate(field.key, { n: WEBHOOKS_PER_ORGANISATION }) : field.message;
        }
        form.setErrors(errors);
      } else {
        notifyError(failure instanceof ApiError && failure.statusCode < 500 ? errorText(failure) : t('webhooks.toast.createError'));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={pending ? () => undefined : onClose}
      title={t(secret ? 'webhooks.created.title' : 'webhooks.dialog.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      {secret ? (
        <SecretShownOnce
          value={secret}
          texts={{
            once: t('webhooks.created.once'),
            label: t('webhooks.created.secret'),
            copy: t('webhooks.created.copy'),
            copied: t('webhooks.created.copied'),
            done: t('webhooks.created.done'),
          }}
          onDone={onClose}
        />
      ) : (
        <DialogForm onSubmit={submit} onCancel={onClose} pending={pending} submitLabel={t('webhooks.dialog.submit')}>
          <TextInput label={t('webhooks.dialog.url')} description={t('webhooks.dialog.urlHint')} withAsterisk data-autofocus {...form.getInputProps('url')} />
          <Checkbox.Group label={t('webhooks.dialog.events')} withAsterisk {...form.getInputProps('events')}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={event} description={t(`webhooks.events.${event.replace('.', '_')}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        </DialogForm>
      )}
    </Modal>
  );
}
