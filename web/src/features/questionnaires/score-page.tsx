import { useState } from 'react';
import { Anchor, Button, Tabs } from '@mantine/core';
import { IconCopy, IconDownload, IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TemplateList } from '@ecore/core/questionnaires/schemas.ts';
import { templateTitleIn, type QuestionnaireSummary } from '@ecore/core/questionnaires/template.ts';
import { isLanguage } from '@ecore/core/shared/language.ts';
import { isDeletable } from '@ecore/core/questionnaires/template-rules.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { QueryPagination } from '../../components/data-table/list-pagination.tsx';
import type { ListQuery } from '../../components/data-table/list-query.ts';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useListQuery } from '../../components/data-table/use-list-query.ts';
import { usePagedList } from '../../components/data-table/use-paged-list.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { activateTemplate, deleteTemplate, fetchTemplates } from './questionnaires-api.ts';
import { ReferenceDataPanel } from './reference-data-panel.tsx';
import { ConfirmDialog, errorText, ExportDialog, TemplateFormDialog } from './template-dialogs.tsx';
import { ROUTE_TAB } from '../../components/route-tab.ts';

type Pending = { kind: 'delete' | 'activate' | 'duplicate' | 'export'; row: QuestionnaireSummary } | { kind: 'create' } | null;

type TemplateListFilter = 'list';
const NO_FILTERS = {} as Record<TemplateListFilter, string>;

/** One page of the template list; the tab (current or previous versions) travels as the query's filter. */
const fetchTemplatePage = (query: ListQuery<TemplateListFilter>, signal: AbortSignal) =>
  fetchTemplates(
    {
      list: query.filters.list === 'archived' ? 'archived' : 'active',
      page: query.page,
      pageSize: query.pageSize,
      ...(query.search ? { search: query.search } : {}),
    },
    signal,
  );

/**
 * Score management: the template list with the tabs current (admin/active) and previous (admin/archived)
 * versions (spec 02 §2), and the scoring model's reference data (admin/reference, DOMAIN.md §5). The list is
 * the list of every other page (UI.md "Lists"): toolbar, table states, row actions, results per page.
 */
export function ScorePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const tab = useParams().list;
  const showReference = tab === 'reference';
  const list: TemplateList = tab === 'archived' ? 'archived' : 'active';
  const [urlQuery, change] = useListQuery(NO_FILTERS);
  const query: ListQuery<TemplateListFilter> = { ...urlQuery, filters: { list } };
  const { state, reload } = usePagedList(query, fetchTemplatePage);
  const [pending, setPending] = useState<Pending>(null);
  const counts = state.page?.counts;

  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const titleOf = (row: QuestionnaireSummary) => templateTitleIn(row, isLanguage(i18n.language) ? i18n.language : 'de');
  const close = () => setPending(null);
  const editorPath = (row: QuestionnaireSummary) => `/score/questionnaire/${row.id}/metadata`;

  const columns: Column<QuestionnaireSummary>[] = [
    {
      key: 'title',
      header: t('questionnaires.fields.title'),
      render: (row) => (
        <Anchor component={Link} to={editorPath(row)} size="sm" fw={500}>
          {titleOf(row)}
        </Anchor>
      ),
    },
    { key: 'version', header: t('questionnaires.fields.version'), render: (row) => row.version },
    { key: 'type', header: t('questionnaires.fields.type'), render: (row) => t(`questionnaires.types.${row.type}`) },
    { key: 'state', header: t('questionnaires.fields.state'), render: (row) => <StatusBadge kind="template" state={row.state} /> },
    { key: 'modified', header: t('questionnaires.fields.modified'), render: (row) => `${row.modifiedBy}, ${date(row.modifiedDate)}` },
  ];
  const action = (name: 'edit' | 'duplicate' | 'export' | 'activate' | 'delete', row: QuestionnaireSummary) => ({
    label: t(`questionnaires.actions.${name}`),
    name: `${t(`questionnaires.actions.${name}`)} ${row.title}`,
  });

  return (
    <>
      <PageHeader
        title={showReference ? t('questionnaires.list.reference') : undefined}
        actions={
          showReference ? null : (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setPending({ kind: 'create' })}>
              {t('questionnaires.actions.create')}
            </Button>
          )
        }
      />
      <Tabs value={showReference ? 'reference' : list} onChange={(value) => void navigate(`/score/admin/${value ?? 'active'}`)}>
        <Tabs.List mb="md">
          <Tabs.Tab {...ROUTE_TAB} value="active">{t('questionnaires.list.current')}{counts ? ` (${counts.active ?? 0})` : ''}</Tabs.Tab>
          <Tabs.Tab {...ROUTE_TAB} value="archived">{t('questionnaires.list.previous')}{counts ? ` (${counts.archived ?? 0})` : ''}</Tabs.Tab>
          <Tabs.Tab {...ROUTE_TAB} value="reference">{t('questionnaires.list.reference')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {showReference ? <ReferenceDataPanel /> : (
        <>
          <ListToolbar search={query.search} onSearch={(search) => change({ search })} />
          <DataTable
            label={t(list === 'active' ? 'questionnaires.list.current' : 'questionnaires.list.previous')}
            columns={columns}
            state={state}
            rowKey={(row) => row.id}
            rowName={titleOf}
            onRetry={reload}
            skeletonRows={query.pageSize}
            actions={(row) => (
              <>
                <RowAction {...action('edit', row)} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => void navigate(editorPath(row))} />
                <RowAction {...action('duplicate', row)} icon={<IconCopy size={18} aria-hidden="true" />} onClick={() => setPending({ kind: 'duplicate', row })} />
                <RowAction {...action('export', row)} icon={<IconDownload size={18} aria-hidden="true" />} onClick={() => setPending({ kind: 'export', row })} />
                {isDeletable(row.state) ? (
                  <>
                    <RowAction {...action('activate', row)} color="green" icon={<IconPlayerPlay size={18} aria-hidden="true" />} onClick={() => setPending({ kind: 'activate', row })} />
                    <RowAction {...action('delete', row)} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => setPending({ kind: 'delete', row })} />
                  </>
                ) : null}
              </>
            )}
          />
          <QueryPagination query={query} total={state.page?.total} change={change} />
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
              reload();
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
              reload();
            } catch (error) {
              notifyError(errorText(t, error, 'questionnaire-activate-error'));
            }
          }} />
      ) : null}
    </>
  );
}
