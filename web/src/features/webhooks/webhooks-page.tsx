import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconList, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { wholeListState } from '../../components/data-table/use-paged-list.ts';
import { useConfirmedAction } from '../../components/use-confirmed-action.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { AccountTabs } from '../accounts/account-tabs.tsx';
import { CreateWebhookDialog } from './create-webhook-dialog.tsx';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { deleteWebhook, fetchWebhooks, type WebhookItem } from './webhooks-api.ts';

/** Active, failing (retrying since the first failure) or paused after a day of failures. */
const stateOf = (w: WebhookItem): 'active' | 'failing' | 'paused' => (w.pausedAt ? 'paused' : w.failingSince ? 'failing' : 'active');
const STATE_COLOURS = { active: 'green', failing: 'yellow', paused: 'red' } as const;

/**
 * The webhooks the signed-in person manages (docs/webhooks.md): all organisations' for the account administrator
 * (also a tab of account management, `inAccountManagement`), its organisation's for the object administrator, under
 * the profile menu. Each subscription's organisation, URL, events and state; create (the signing secret is shown
 * once), delete after a confirmation, and the last 100 delivery attempts of one.
 */
export function WebhooksPage({ inAccountManagement = false }: { inAccountManagement?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const { data, error, mutate } = useSWR(session ? ['webhooks', session.token] : null, fetchWebhooks, { revalidateOnFocus: false });
  const [creating, setCreating] = useState(false);
  const [showing, setShowing] = useState<WebhookItem | null>(null);
  const confirming = useConfirmedAction((row: WebhookItem) => deleteWebhook(row.id), { success: t('webhooks.toast.deleteSuccess'), failure: t('webhooks.toast.deleteError') }, () => mutate());
  if (!session) return null;
  const language = currentLanguage();

  const state = wholeListState(data, error);

  const columns: Column<WebhookItem>[] = [
    { key: 'url', header: t('webhooks.columns.url'), render: (row) => <Text size="sm" fw={500} ff="monospace" style={{ wordBreak: 'break-all' }}>{row.url}</Text> },
    { key: 'organisation', header: t('webhooks.columns.organisation'), render: (row) => row.organisationName },
    { key: 'events', header: t('webhooks.columns.events'), render: (row) => <Text size="sm" ff="monospace">{row.events.join(', ')}</Text> },
    {
      key: 'state',
      header: t('webhooks.columns.state'),
      minWidth: 120,
      render: (row) => (
        <Badge color={STATE_COLOURS[stateOf(row)]} variant="light">
          {t(`webhooks.states.${stateOf(row)}`)}
        </Badge>
      ),
    },
    { key: 'createdAt', header: t('webhooks.columns.createdAt'), priority: 'low', render: (row) => formatDateTime(row.createdAt, language) },
  ];

  return (
    <>
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            {t('webhooks.page.create')}
          </Button>
        }
      />
      {inAccountManagement ? <AccountTabs active="webhooks" /> : null}
      <Text size="sm" mb="md" maw={760}>
        {t('webhooks.page.intro')}
      </Text>
      <DataTable
        label={t('webhooks.page.tableLabel')}
        columns={columns}
        state={state}
        rowKey={(row) => row.id}
        rowName={(row) => row.url}
        skeletonRows={3}
        onRetry={() => void mutate()}
        actions={(row) => (
          <Group gap={4} wrap="nowrap">
            <RowAction label={t('webhooks.actions.deliveries')} name={t('webhooks.actions.deliveriesNamed', { url: row.url })} icon={<IconList size={16} aria-hidden="true" />} onClick={() => setShowing(row)} />
            <RowAction label={t('webhooks.actions.delete')} name={t('webhooks.actions.deleteNamed', { url: row.url })} color="red" icon={<IconTrash size={16} aria-hidden="true" />} onClick={() => confirming.ask(row)} />
          </Group>
        )}
      />
      {creating ? <CreateWebhookDialog onClose={() => setCreating(false)} onCreated={() => void mutate()} /> : null}
      {showing ? <WebhookDeliveriesDialog webhook={showing} onClose={() => setShowing(null)} /> : null}
      <ConfirmDialog
        opened={confirming.target !== null}
        title={t('webhooks.delete.title')}
        confirmLabel={t('webhooks.delete.confirm')}
        destructive
        pending={confirming.pending}
        onConfirm={() => void confirming.confirm()}
        onClose={confirming.cancel}
      >
        {t('webhooks.delete.text', { url: confirming.target?.url ?? '' })}
      </ConfirmDialog>
    </>
  );
}

/** The webhooks screen as a tab of account management (the account administrator's). */
export function AccountWebhooksPage() {
  return <WebhooksPage inAccountManagement />;
}
