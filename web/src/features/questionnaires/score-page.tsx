import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, NativeSelect, Pagination, Skeleton, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy, IconDownload, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PAGE_SIZES } from '@ecore/core/shared/paging.ts';
import type { TemplateList } from '@ecore/core/questionnaires/schemas.ts';
import type { QuestionnaireState, QuestionnaireSummary } from '@ecore/core/questionnaires/template.ts';
import { PageHeader } from '../../components/page-header.tsx';
import type { Page } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { activateTemplate, deleteTemplate, fetchTemplates } from './questionnaires-api.ts';
import { ReferenceDataPanel } from './reference-data-panel.tsx';
import { ConfirmDialog, errorText, ExportDialog, TemplateFormDialog } from './template-dialogs.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { isDeletable } from '@ecore/core/questionnaires/template-rules.ts';

export const STATE_COLOURS: Record<QuestionnaireState, string> = { Draft: 'yellow', Active: 'green', Archived: 'gray' };

type Pending = { kind: 'delete' | 'activate' | 'duplicate' | 'export'; row: QuestionnaireSummary } | { kind: 'create' } | null;

/**
 * Score management: the template list with the tabs current (admin/active) and previous (admin/archived)
 * versions (spec 02 §2), and the scoring model's reference data (admin/reference, DOMAIN.md §5).
 */
export function ScorePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const tab = useParams().list;
  const showReference = tab === 'reference';
  const list: TemplateList = tab === 'archived' ? 'archived' : 'active';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const [data, setData] = useState<Page<QuestionnaireSummary> | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [pending, setPending] = useState<Pending>(null);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchTemplates({ list, page, pageSize, ...(search.trim() ? { search: search.trim() } : {}) }, controller.signal)
      .then((page) => {
        setFailed(false);
        setData(page);
      })
      .catch(() => setFailed(true));
    return () => controller.abort();
  }, [list, page, pageSize, search, reload]);

  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const close = () => setPending(null);

  const rows = data?.items.map((row) => (
    <Table.Tr key={row.id}>
      <Table.Td>
        <Link to={`/score/questionnaire/${row.id}/metadata`}>{row.title}</Link>
      </Table.Td>
      <Table.Td>{row.version}</Table.Td>
      <Table.Td>{t(`questionnaires.types.${row.type}`)}</Table.Td>
      <Table.Td><Badge color={STATE_COLOURS[row.state]} variant="light">{t(`questionnaires.states.${row.state}`)}</Badge></Table.Td>
      <Table.Td>{row.modifiedBy}<Text size="xs" c="dimmed">{date(row.modifiedDate)}</Text></Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('questionnaires.actions.edit')}>
            <ActionIcon variant="subtle" aria-label={`${t('questionnaires.actions.edit')} ${row.title}`} onClick={() => navigate(`/score/questionnaire/${row.id}/metadata`)}>
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('questionnaires.actions.duplicate')}>
            <ActionIcon variant="subtle" aria-label={`${t('questionnaires.actions.duplicate')} ${row.title}`} onClick={() => setPending({ kind: 'duplicate', row })}>
              <IconCopy size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('questionnaires.actions.export')}>
            <ActionIcon variant="subtle" aria-label={`${t('questionnaires.actions.export')} ${row.title}`} onClick={() => setPending({ kind: 'export', row })}>
              <IconDownload size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          {isDeletable(row.state) ? (
            <>
              <Tooltip label={t('questionnaires.actions.activate')}>
                <ActionIcon variant="subtle" color="green" aria-label={`${t('questionnaires.actions.activate')} ${row.title}`} onClick={() => setPending({ kind: 'activate', row })}>
                  <IconPlayerPlay size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('questionnaires.actions.delete')}>
                <ActionIcon variant="subtle" color="red" aria-label={`${t('questionnaires.actions.delete')} ${row.title}`} onClick={() => setPending({ kind: 'delete', row })}>
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <>
      <PageHeader actions={<Button onClick={() => setPending({ kind: 'create' })}>{t('questionnaires.actions.create')}</Button>} />
      <Tabs value={showReference ? 'reference' : list} onChange={(value) => { setPage(1); navigate(`/score/admin/${value ?? 'active'}`); }}>
        <Tabs.List mb="md">
          <Tabs.Tab value="active">{t('questionnaires.list.current')}{data?.counts ? ` (${data.counts.active ?? 0})` : ''}</Tabs.Tab>
          <Tabs.Tab value="archived">{t('questionnaires.list.previous')}{data?.counts ? ` (${data.counts.archived ?? 0})` : ''}</Tabs.Tab>
          <Tabs.Tab value="reference">{t('questionnaires.list.reference')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {showReference ? <ReferenceDataPanel /> : (
        <>
          <Group mb="sm">
            <TextInput aria-label={t('common.search.placeholder')} placeholder={t('common.search.placeholder')} value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={320} />
          </Group>
          {failed ? (
            <Alert color="red" variant="light" title={t('errors.table-load-error')}>
              <Button size="xs" variant="light" onClick={refresh}>{t('questionnaires.list.retry')}</Button>
            </Alert>
          ) : (
            <Table striped highlightOnHover aria-label={t(list === 'active' ? 'questionnaires.list.current' : 'questionnaires.list.previous')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('questionnaires.fields.title')}</Table.Th>
                  <Table.Th>{t('questionnaires.fields.version')}</Table.Th>
                  <Table.Th>{t('questionnaires.fields.type')}</Table.Th>
                  <Table.Th>{t('questionnaires.fields.state')}</Table.Th>
                  <Table.Th>{t('questionnaires.fields.modified')}</Table.Th>
                  <Table.Th>{t('questionnaires.list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data === null
                  ? [0, 1, 2].map((i) => <Table.Tr key={i}><Table.Td colSpan={6}><Skeleton height={20} /></Table.Td></Table.Tr>)
                  : data.items.length === 0
                    ? <Table.Tr><Table.Td colSpan={6}>{t('errors.table-empty')}</Table.Td></Table.Tr>
                    : rows}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between" mt="md">
            <NativeSelect aria-label={t('questionnaires.list.pageSize')} value={String(pageSize)} onChange={(e) => { setPageSize(Number(e.currentTarget.value)); setPage(1); }}
              data={PAGE_SIZES.map((n) => String(n))} w={90} />
            <Pagination value={page} onChange={setPage} total={Math.max(1, Math.ceil((data?.total ?? 0) / pageSize))} />
          </Group>
        </>
      )}

      {pending?.kind === 'create' || pending?.kind === 'duplicate' ? (
        <TemplateFormDialog opened onClose={close} source={pending.kind === 'duplicate' ? pending.row : null}
          onDone={(created) => { close(); navigate(`/score/questionnaire/${created.id}/metadata`); }} />
      ) : null}
      {pending?.kind === 'export' ? <ExportDialog opened onClose={close} templateId={pending.row.id} /> : null}
      {pending?.kind === 'delete' ? (
        <ConfirmDialog opened danger onClose={close} title={t('questionnaires.dialogs.deleteTitle')} text={t('questionnaires.dialogs.deleteText', { title: pending.row.title })}
          confirmLabel={t('questionnaires.actions.delete')}
          onConfirm={async () => {
            try {
              await deleteTemplate(pending.row.id);
              notifySuccess(t('questionnaires.dialogs.deleted'));
              close();
              refresh();
            } catch (error) {
              notifyError(errorText(t, error, 'questionnaire-delete-error'));
            }
          }} />
      ) : null}
      {pending?.kind === 'activate' ? (
        <ConfirmDialog opened onClose={close} title={t('questionnaires.dialogs.activateTitle')} text={t('questionnaires.dialogs.activateText', { title: pending.row.title })}
          confirmLabel={t('questionnaires.actions.activate')}
          onConfirm={async () => {
            try {
              await activateTemplate(pending.row.id);
              notifySuccess(t('questionnaires.dialogs.activated'));
              close();
              refresh();
            } catch (error) {
              notifyError(errorText(t, error, 'questionnaire-activate-error'));
            }
          }} />
      ) : null}
    </>
  );
}
