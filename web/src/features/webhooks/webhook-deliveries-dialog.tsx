import { Badge, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { fetchWebhookDeliveries, type WebhookDelivery, type WebhookItem } from './webhooks-api.ts';

/** What an attempt ended with: delivered with the receiver's status, the receiver's error status, or no answer. */
const outcome = (d: WebhookDelivery, t: (key: string, params?: Record<string, unknown>) => string): string =>
  d.delivered ? t('webhooks.deliveries.delivered', { status: d.statusCode ?? '' }) : d.statusCode !== null ? t('webhooks.deliveries.failedStatus', { status: d.statusCode }) : t('webhooks.deliveries.failedNoAnswer', { error: d.error ?? '' });

/** The last 100 delivery attempts of one webhook, newest first: time, event, attempt, status and duration. */
export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: WebhookItem; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, error } = useSWR(['webhooks/deliveries', webhook.id], () => fetchWebhookDeliveries(webhook.id), { revalidateOnFocus: false });
  return (
    <Modal opened onClose={onClose} title={t('webhooks.deliveries.title', { url: webhook.url })} closeButtonProps={{ 'aria-label': t('common.close') }} centered size="xl">
      {error ? (
        <Text c="red.8">{t('webhooks.deliveries.error')}</Text>
      ) : !data ? (
        <Text c="dimmed">{t('webhooks.deliveries.loading')}</Text>
      ) : data.items.length === 0 ? (
        <Text>{t('webhooks.deliveries.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('webhooks.deliveries.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.deliveries.columns.time')}</Table.Th>
                <Table.Th>{t('webhooks.deliveries.columns.event')}</Table.Th>
                <Table.Th>{t('webhooks.deliveries.columns.attempt')}</Table.Th>
                <Table.Th>{t('webhooks.deliveries.columns.status')}</Table.Th>
                <Table.Th>{t('webhooks.deliveries.columns.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((d) => (
                <Table.Tr key={`${d.eventId}-${d.attempt}`}>
                  <Table.Td>{formatDateTime(d.attemptedAt, language)}</Table.Td>
                  <Table.Td ff="monospace">{d.type}</Table.Td>
                  <Table.Td>{d.attempt}</Table.Td>
                  <Table.Td>
                    <Badge color={d.delivered ? 'green' : 'red'} variant="light">
                      {outcome(d, t)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{t('webhooks.deliveries.ms', { ms: d.durationMs })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
