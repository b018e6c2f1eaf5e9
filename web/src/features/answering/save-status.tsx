import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/i18n.ts';
import type { SaveStatus } from './answer-saver.ts';

const time = (at: Date, language: string) => at.toLocaleTimeString(language === 'en' ? 'en-GB' : 'de-DE', { hour: '2-digit', minute: '2-digit' });

/** One answer's save state: saving, saved at 14:32, or failed with the reason and a retry (UI.md). */
export function SaveStatusText({ status }: { status: SaveStatus | undefined }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  if (!status) return null;
  if (status.kind === 'saving') {
    return (
      <Group gap={6} role="status">
        <Loader size={12} aria-hidden="true" />
        <Text size="xs" c="dimmed">{t('answering.save.saving')}</Text>
      </Group>
    );
  }
  if (status.kind === 'saved') {
    return (
      <Group gap={4} role="status">
        <IconCheck size={14} color="var(--mantine-color-green-7)" aria-hidden="true" />
        <Text size="xs" c="green.8">{t('answering.save.saved', { time: time(status.at, i18n.language) })}</Text>
      </Group>
    );
  }
  return (
    <Group gap={6} role="alert" wrap="nowrap">
      <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" aria-hidden="true" />
      <Text size="xs" c="red.8">{t('answering.save.failed', { reason: errorText(status.error) })}</Text>
      <Button size="compact-xs" variant="light" color="red" leftSection={<IconRefresh size={12} aria-hidden="true" />} onClick={status.retry}>
        {t('answering.save.retry')}
      </Button>
    </Group>
  );
}
