import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFirstErrorFocus } from './focus-first-error.ts';

/**
 * The form inside a create or edit dialog: the fields, then cancel and submit. The browser's own
 * validation is off because the fields show the schema's messages; cancel goes through the discard
 * guard and is disabled while the call runs, so that a half-sent change cannot be dropped. After a submit
 * that leaves fields in error (the form's checks or the server's), the first of them gets the focus.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  children,
}: {
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [formRef, requestFocus] = useFirstErrorFocus();
  return (
    <form
      noValidate
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit().finally(requestFocus);
      }}
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
