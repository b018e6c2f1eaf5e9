import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ApiTokenItem } from '@ecore/core/identity/api-token-schema.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { wholeListState } from '../../components/data-table/use-paged-list.ts';
import { useConfirmedAction } from '../../components/use-confirmed-action.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { fetchApiTokens, revokeApiToken } from './api-tokens-api.ts';

const STATE_COLOURS = { valid: 'green', expired: 'gray', revoked: 'red' } as const;

/**
 * /api-tokens, under the profile menu (issue 21, docs/api.md): the signed-in user's access tokens for backend callers,
 * with their scopes, expiry and last use; create (the secret is shown once) and revoke.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { data, error, mutate } = useSWR(session ? ['user/apiTokens', session.token] : null, fetchApiTokens, { revalidateOnFocus: false });
  const [creating, setCreating] = useState(false);
  const confirming = useConfirmedAction((row: ApiTokenItem) => revokeApiToken(row.id), { success: t('apiTokens.toast.revokeSuccess'), failure: t('apiTokens.toast.revokeError') }, () => mutate());
  if (!session) return null;
  const language = currentLanguage();

  const state = wholeListState(data, error);

  const columns: Column<ApiTokenItem>[] = [
    { key: 'name', header: t('apiTokens.columns.name'), render: (row) => <Text size="sm" fw={500}>{row.name}</Text> },
    { key: 'scopes', header: t('apiTokens.columns.scopes'), render: (row) => row.scopes.map((s) => t(`apiTokens.scopes.${s}`)).join(', ') },
    { key: 'state', header: t('apiTokens.columns.state'), minWidth: 110, render: (row) => <Badge color={STATE_COLOURS[row.state]} variant="light">{t(`apiTokens.states.${row.state}`)}</Badge> },
    { key: 'createdAt', header: t('apiTokens.columns.createdAt'), render: (row) => formatDateTime(row.createdAt, language) },
    { key: 'expiresAt', header: t('apiTokens.columns.expiresAt'), render: (row) => formatDateTime(row.expiresAt, language) },
    { key: 'lastUsedAt', header: t('apiTokens.columns.lastUsedAt'), render: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt, language) : t('apiTokens.neverUsed')) },
  ];

  return (
    <>
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            {t('apiTokens.page.create')}
          </Button>
        }
      />
      <Text size="sm" mb="md" maw={760}>
        {t('apiTokens.page.intro')}
      </Text>
      <DataTable
        label={t('apiTokens.page.tableLabel')}
        columns={columns}
        state={state}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        skeletonRows={3}
        onRetry={() => void mutate()}
        actions={(row) =>
          row.state === 'valid' ? (
            <Group gap={4} wrap="nowrap">
              <RowAction label={t('apiTokens.actions.revoke')} name={t('apiTokens.actions.revokeNamed', { name: row.name })} color="red" icon={<IconTrash size={16} aria-hidden="true" />} onClick={() => confirming.ask(row)} />
            </Group>
          ) : null
        }
      />
      {creating ? <CreateTokenDialog subject={session.actor} onClose={() => setCreating(false)} onCreated={() => void mutate()} /> : null}
      <ConfirmDialog
        opened={confirming.target !== null}
        title={t('apiTokens.revoke.title')}
        confirmLabel={t('apiTokens.revoke.confirm')}
        destructive
        pending={confirming.pending}
        onConfirm={() => void confirming.confirm()}
        onClose={confirming.cancel}
      >
        {t('apiTokens.revoke.text', { name: confirming.target?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
