import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { mayDecideAccessRequests } from '@ecore/core/assets/access-requests.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import type { PagedListState } from '../../components/data-table/use-paged-list.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { AssetTabs } from './asset-tabs.tsx';
import { decideReceivedAccessRequest, fetchReceivedAccessRequests, type ReceivedAccessRequest } from './assets-api.ts';
import { objectPath } from './object-paths.ts';

const RECEIVED_KEY = 'assets/accessRequests/received';
/** The refusals whose texts say what happened (unknown, decided already, expired); anything else is the generic text. */
const KNOWN_REFUSALS = [404, 409, 410];

type Outcome = { kind: 'success' | 'error'; text: string };

const asList = (rows: ReceivedAccessRequest[] | undefined, error: unknown): PagedListState<ReceivedAccessRequest> =>
  error
    ? { status: 'error', page: null, stale: false }
    : rows
      ? { status: 'ready', page: { items: rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) }, stale: false }
      : { status: 'loading', page: null, stale: false };

/**
 * The owner's access requests (docs/access-requests.md): the requests buyer organisations made for the objects the
 * caller decides for (core `mayDecideAccessRequests`), the open ones with approve and decline, then the decided and
 * expired ones with their outcome. A decision here voids the mailed link and takes the item off the worklist.
 */
export function AccessRequestsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const { mutate: mutateAll } = useSWRConfig();
  const allowed = session !== null && mayDecideAccessRequests(session.actor);
  const requests = useSWR(allowed ? RECEIVED_KEY : null, fetchReceivedAccessRequests);
  const [pending, setPending] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!session) return null;
  if (!allowed) return <Navigate to="/asset-management/object-groups" replace />;

  const language = currentLanguage();
  const open = requests.data?.filter((r) => r.state === 'open');
  const closed = requests.data?.filter((r) => r.state !== 'open');

  const decide = async (request: ReceivedAccessRequest, decision: boolean) => {
    setPending(request.id);
    try {
      await decideReceivedAccessRequest(request.id, decision);
      const text = t(decision ? 'assets.accessRequests.approved' : 'assets.accessRequests.declined', { buyer: request.buyerOrganisationName, asset: request.assetName });
      setOutcome({ kind: 'success', text });
      notifySuccess(text);
    } catch (failure) {
      const text = failure instanceof ApiError && KNOWN_REFUSALS.includes(failure.statusCode) ? errorText(failure) : t('assets.accessRequests.genericError');
      setOutcome({ kind: 'error', text });
      notifyError(text);
    } finally {
      setPending(null);
      void requests.mutate();
      // The worklist and its badge in the navigation follow the decision.
      void mutateAll((key) => Array.isArray(key) && key[0] === 'user/me/worklist');
    }
  };

  const date = (iso: string | null) => formatDateTime(iso, language);
  const objectColumn: Column<ReceivedAccessRequest> = {
    key: 'asset',
    header: t('assets.accessRequests.columns.asset'),
    render: (r) => (
      <Anchor component={Link} to={objectPath(r.assetId, r.isBuyerAsset)}>
        {r.assetName}
      </Anchor>
    ),
  };
  const buyerColumn: Column<ReceivedAccessRequest> = { key: 'buyer', header: t('assets.accessRequests.columns.buyer'), render: (r) => r.buyerOrganisationName };
  const requestedColumn: Column<ReceivedAccessRequest> = { key: 'requestedAt', header: t('assets.accessRequests.columns.requestedAt'), render: (r) => date(r.requestedAt), minWidth: 140 };
  const openColumns: Column<ReceivedAccessRequest>[] = [
    objectColumn,
    buyerColumn,
    requestedColumn,
    { key: 'expiresAt', header: t('assets.accessRequests.columns.expiresAt'), render: (r) => date(r.expiresAt), minWidth: 140 },
  ];
  const closedColumns: Column<ReceivedAccessRequest>[] = [
    objectColumn,
    buyerColumn,
    requestedColumn,
    {
      key: 'outcome',
      header: t('assets.accessRequests.columns.outcome'),
      render: (r) => <StatusBadge kind="accessRequest" state={r.state === 'expired' ? 'Expired' : r.decision ? 'Approved' : 'Declined'} />,
    },
    { key: 'decidedAt', header: t('assets.accessRequests.columns.decidedAt'), render: (r) => date(r.decidedAt), minWidth: 140 },
  ];
  const name = (r: ReceivedAccessRequest) => t('assets.accessRequests.rowName', { asset: r.assetName, buyer: r.buyerOrganisationName });

  return (
    <>
      <PageHeader />
      <AssetTabs active="access-requests" />
      <Stack gap="lg">
        <Text size="sm" c="dimmed" maw={720}>
          {t('assets.accessRequests.intro')}
        </Text>
        {outcome ? (
          <Alert color={outcome.kind === 'success' ? 'green' : 'red'} variant="light" role="status">
            {outcome.text}
          </Alert>
        ) : null}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('assets.accessRequests.openTitle')}
          </Title>
          {open && open.length === 0 ? (
            <Text c="dimmed">{t('assets.accessRequests.empty')}</Text>
          ) : (
            <DataTable
              label={t('assets.accessRequests.openTableLabel')}
              columns={openColumns}
              state={asList(open, requests.error)}
              rowKey={(r) => r.id}
              onRetry={() => void requests.mutate()}
              skeletonRows={2}
              actions={(r) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    color="green"
                    leftSection={<IconCheck size={14} aria-hidden="true" />}
                    loading={pending === r.id}
                    disabled={pending !== null && pending !== r.id}
                    aria-label={`${t('assets.accessRequests.approve')}: ${name(r)}`}
                    onClick={() => void decide(r, true)}
                  >
                    {t('assets.accessRequests.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconX size={14} aria-hidden="true" />}
                    disabled={pending !== null}
                    aria-label={`${t('assets.accessRequests.decline')}: ${name(r)}`}
                    onClick={() => void decide(r, false)}
                  >
                    {t('assets.accessRequests.decline')}
                  </Button>
                </Group>
              )}
            />
          )}
        </Stack>
        {closed && closed.length > 0 ? (
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('assets.accessRequests.closedTitle')}
            </Title>
            <DataTable
              label={t('assets.accessRequests.closedTableLabel')}
              columns={closedColumns}
              state={asList(closed, requests.error)}
              rowKey={(r) => r.id}
              onRetry={() => void requests.mutate()}
              skeletonRows={2}
            />
          </Stack>
        ) : null}
      </Stack>
    </>
  );
}
