import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mayRequestAccess } from '@ecore/core/assets/access-requests.ts';
import { LANGUAGES, isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useFirstErrorFocus } from '../../components/forms/focus-first-error.ts';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { AssetTabs } from './asset-tabs.tsx';
import { fetchAccessRequests, requestAssetAccess, type AccessRequest } from './assets-api.ts';
import { parseAssetId } from './object-paths.ts';
import type { PagedListState } from '../../components/data-table/use-paged-list.ts';
import { formatDateTime } from '../../lib/format-date.ts';

type Outcome = { kind: 'success' | 'warning' | 'error'; text: string };

const REQUESTS_KEY = 'assets/accessRequests';

/**
 * The access request of a buyer (spec 02 §2, §4, §8): the ID of another organisation's object and the
 * language in which its owners are told; then the outcome, and the organisation's requests with their state.
 */
export function AccessRequestPage() {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const [objectId, setObjectId] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [idError, setIdError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formRef, requestErrorFocus] = useFirstErrorFocus();
  const allowed = session !== null && mayRequestAccess(session.actor);
  const requests = useSWR(allowed ? REQUESTS_KEY : null, fetchAccessRequests);
  if (!session) return null;
  if (!allowed) return <Navigate to="/asset-management/object-groups" replace />;

  const submit = async () => {
    const id = parseAssetId(objectId.trim());
    const invalid = objectId.trim() === '' ? 'validation-required' : id === null ? 'validation-number' : null;
    if (invalid !== null || id === null) {
      setIdError(t(`errors.${invalid ?? 'validation-number'}`));
      requestErrorFocus();
      return;
    }
    setIdError(null);
    setPending(true);
    try {
      await requestAssetAccess(id, language);
      const text = t('assets.accessRequest.success', { id });
      setOutcome({ kind: 'success', text });
      notifySuccess(text);
      setObjectId('');
      void requests.mutate();
    } catch (failure) {
      if (failure instanceof ApiError && failure.key === 'asset-access-request-already-granted') {
        const text = errorText(failure);
        setOutcome({ kind: 'warning', text });
        notifyWarning(text);
      } else {
        const known = failure instanceof ApiError && [400, 403, 404].includes(failure.statusCode);
        const text = known ? errorText(failure) : t('assets.accessRequest.genericError');
        setOutcome({ kind: 'error', text });
        notifyError(text);
      }
    } finally {
      setPending(false);
    }
  };

  const state: PagedListState<AccessRequest> = requests.error
    ? { status: 'error', page: null, stale: false }
    : requests.data
      ? { status: 'ready', page: { items: requests.data, total: requests.data.length, page: 1, pageSize: requests.data.length }, stale: false }
      : { status: 'loading', page: null, stale: false };
  const date = (iso: string | null) => formatDateTime(iso, language);
  const columns: Column<AccessRequest>[] = [
    { key: 'assetId', header: t('assets.accessRequest.columns.assetId'), render: (r) => r.assetId },
    { key: 'assetName', header: t('assets.accessRequest.columns.assetName'), render: (r) => r.assetName ?? t('assets.accessRequest.hiddenUntilApproved') },
    { key: 'owner', header: t('assets.accessRequest.columns.owner'), render: (r) => r.ownerOrganisationName ?? t('assets.accessRequest.hiddenUntilApproved') },
    { key: 'requestedAt', header: t('assets.accessRequest.columns.requestedAt'), render: (r) => date(r.requestedAt) },
    {
      key: 'decision',
      header: t('assets.accessRequest.columns.decision'),
      render: (r) => <StatusBadge kind="accessRequest" state={r.decision === null ? 'Open' : r.decision ? 'Approved' : 'Declined'} />,
    },
    { key: 'decidedAt', header: t('assets.accessRequest.columns.decidedAt'), render: (r) => date(r.decidedAt) },
  ];

  return (
    <>
      <PageHeader />
      <AssetTabs active="access-request" />
      <Stack gap="lg">
        <Paper withBorder p="md" maw={640}>
          <form
            noValidate
            ref={formRef}
            aria-label={t('assets.accessRequest.formLabel')}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('assets.accessRequest.intro')}
              </Text>
              <TextInput
                label={t('assets.accessRequest.objectId')}
                withAsterisk
                inputMode="numeric"
                value={objectId}
                error={idError}
                onChange={(event) => {
                  setObjectId(event.currentTarget.value);
                  setIdError(null);
                }}
                w={220}
              />
              <div>
                <Text size="sm" fw={500} mb={4} id="access-request-language">
                  {t('assets.accessRequest.language')}
                </Text>
                <SegmentedControl
                  aria-labelledby="access-request-language"
                  value={language}
                  onChange={(value) => {
                    if (isLanguage(value)) setLanguage(value);
                  }}
                  data={LANGUAGES.map((l) => ({ value: l, label: t(`shell.languages.${l}`) }))}
                />
              </div>
              <Group>
                <Button type="submit" loading={pending} leftSection={<IconSend size={16} aria-hidden="true" />}>
                  {t('assets.accessRequest.submit')}
                </Button>
              </Group>
              {outcome ? (
                <Alert color={outcome.kind === 'success' ? 'green' : outcome.kind === 'warning' ? 'yellow' : 'red'} variant="light" role="status">
                  {outcome.text}
                </Alert>
              ) : null}
            </Stack>
          </form>
        </Paper>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('assets.accessRequest.listTitle')}
          </Title>
          <DataTable
            label={t('assets.accessRequest.tableLabel')}
            columns={columns}
            state={state}
            rowKey={(r) => r.id}
            onRetry={() => void requests.mutate()}
            skeletonRows={3}
          />
        </Stack>
      </Stack>
    </>
  );
}
