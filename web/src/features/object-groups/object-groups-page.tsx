import { useState } from 'react';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { IconChartBar, IconChartPie, IconPencil, IconPlus, IconSquarePlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { mayEditAssets } from '@ecore/core/assets/asset-access.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { canAccessArea } from '@ecore/core/identity/route-access.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { mayViewScore } from '@ecore/core/scoring/score-access.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { QueryPagination } from '../../components/data-table/list-pagination.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useRowAction } from '../../components/data-table/use-row-action.ts';
import { useListQuery } from '../../components/data-table/use-list-query.ts';
import { usePagedList } from '../../components/data-table/use-paged-list.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useCreateRequest } from '../../components/use-create-request.ts';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { figure, yearOrDash } from '../assets/asset-labels.ts';
import { AssetTabs } from '../assets/asset-tabs.tsx';
import { GROUP_INFO_KEY, deleteAssetGroup, fetchAssetGroups, type AssetGroup } from '../assets/assets-api.ts';
import { ObjectGroupDialog } from './object-group-dialog.tsx';
import { objectPath, newObjectPath } from '../assets/object-paths.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { GroupAnnualAction, GroupUpdateToActiveAction } from '../answering/group-actions.tsx';
// Review (issue 14): submit for review (start audit) with the completeness box; the sample and the group's audit log.
import { GroupReviewInfo, SubmitGroupAction } from './group-review.tsx';
// Scoring (issue 15): the group row's "show score" opens the group's results.
import { groupResultsPath } from '../scoring/results-paths.ts';
import { GroupCertificateAction } from '../certificates/certificate-links.tsx';

const NO_FILTERS: Record<never, string> = {};

type Dialog = { kind: 'group'; group: AssetGroup | null; key: number };

/** The object-group list of asset management (spec 02 §2): search, paging, rows that open to their objects, row actions. */
export function AssetObjectGroupsPage() {
  const session = useSession();
  if (!session) return null;
  return <ObjectGroupsList actor={session.actor} />;
}

function ObjectGroupsList({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const language = currentLanguage();
  const [query, change] = useListQuery(NO_FILTERS);
  const { state, reload } = usePagedList(query, fetchAssetGroups);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayEdit = mayEditAssets(actor);
  const openCreate = () => setDialog({ kind: 'group', group: null, key: Date.now() });
  useCreateRequest(openCreate, mayEdit);
  // The object form's group select lists the groups too.
  const afterChange = () => {
    void mutate(GROUP_INFO_KEY);
    reload();
  };

  const deletion = useRowAction<AssetGroup, 'delete'>({
    run: (_, group) => deleteAssetGroup(group.id),
    successText: (_, group) => t('assets.objectGroups.toast.deleteSuccess', { name: group.name }),
    // 400 objectGroups-delete-not-empty: the group still has objects; the text says so.
    errorText: (_, __, failure) =>
      failure instanceof ApiError && failure.statusCode === 400 ? errorText(failure) : t('assets.objectGroups.toast.deleteError'),
    onDone: afterChange,
  });
  const toDelete = deletion.pending?.item ?? null;

  const columns: Column<AssetGroup>[] = [
    { key: 'name', header: t('assets.objectGroups.columns.name'), render: (g) => <Text fw={500} size="sm">{g.name}</Text> },
    { key: 'organisation', header: t('assets.objectGroups.columns.organisation'), render: (g) => g.organisationName },
    { key: 'status', header: t('assets.objectGroups.columns.status'), render: (g) => <StatusBadge kind="group" state={g.status} /> },
    // Only roles that see scores get the column (spec 02 §6).
    ...(mayViewScore(actor) ? [{ key: 'score', header: t('assets.objectGroups.columns.score'), render: (g: AssetGroup) => formatScore(g.score, language) }] : []),
    { key: 'objects', header: t('assets.objectGroups.columns.objects'), render: (g) => g.assets.length },
    {
      key: 'assetClasses',
      header: t('assets.objectGroups.columns.assetClasses'),
      render: (g) => g.assetClassPercentages.map((p) => `${p.assetClassIdentifier} ${figure(p.percentage, language, 0)} %`).join(', ') || '–',
    },
  ];

  return (
    <>
      <PageHeader
        actions={
          mayEdit ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openCreate}>
              {t('assets.objectGroups.create')}
            </Button>
          ) : null
        }
      />
      <AssetTabs active="object-groups" />
      <ListToolbar search={query.search} onSearch={(search) => change({ search })} />
      <DataTable
        label={t('assets.objectGroups.tableLabel')}
        columns={columns}
        state={state}
        rowKey={(g) => g.id}
        rowName={(g) => g.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        expansion={{
          expanded,
          onToggle: (id) => setExpanded((open) => (open.includes(id) ? open.filter((k) => k !== id) : [...open, id])),
          label: (name) => t('assets.objectGroups.expand', { name }),
          render: (g) => (
            <>
              <GroupObjects group={g} showScore={mayViewScore(actor)} />
              {/* Review (issue 14) */}
              <GroupReviewInfo group={g} />
            </>
          ),
        }}
        actions={(g) =>
          g.canEdit || mayViewScore(actor) || canAccessArea(actor, 'analysisAndBenchmark') ? (
            <>
              {/* Analysis (issue 17): "benchmark" opens the group's dashboard. */}
              {canAccessArea(actor, 'analysisAndBenchmark') ? (
                <RowAction
                  label={t('analysis.groupButton')}
                  name={t('analysis.groupButtonFor', { name: g.name })}
                  icon={<IconChartPie size={18} aria-hidden="true" />}
                  onClick={() => void navigate(`/analysis-benchmark/group/${g.id}`)}
                />
              ) : null}
              {mayViewScore(actor) ? (
                <RowAction
                  label={t('scoring.common.showScore')}
                  name={t('scoring.common.showScoreFor', { name: g.name })}
                  icon={<IconChartBar size={18} aria-hidden="true" />}
                  onClick={() => void navigate(groupResultsPath(g.id))}
                />
              ) : null}
              {/* Certificates (issue 16): "download label" of a Closed group (core mayDownloadCertificate). */}
              <GroupCertificateAction actor={actor} group={g} />
              {g.canEdit ? (
                <>
                  {/* Review (issue 14): start audit for the group (core maySubmitGroup decides who sees it). */}
                  <SubmitGroupAction group={g} onDone={afterChange} />
                  <RowAction
                    label={t('assets.objectGroups.actions.addObject')}
                    icon={<IconSquarePlus size={18} aria-hidden="true" />}
                    onClick={() => void navigate(newObjectPath(g.id))}
                  />
                  {/* Answering (issue 13): update the group's objects to the active questionnaire version. */}
                  <GroupUpdateToActiveAction group={g} onDone={reload} />
                  {/* The yearly cycle (issue 22): start next year for every object once all are Closed or Expired. */}
                  <GroupAnnualAction group={g} onDone={reload} />
                  <RowAction
                    label={t('assets.objectGroups.actions.edit')}
                    icon={<IconPencil size={18} aria-hidden="true" />}
                    onClick={() => setDialog({ kind: 'group', group: g, key: Date.now() })}
                  />
                  <RowAction
                    label={t('assets.objectGroups.actions.delete')}
                    color="red"
                    icon={<IconTrash size={18} aria-hidden="true" />}
                    onClick={() => deletion.ask('delete', g)}
                  />
                </>
              ) : null}
            </>
          ) : null
        }
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
      {dialog ? (
        <ObjectGroupDialog
          key={dialog.key}
          actor={actor}
          group={dialog.group}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            afterChange();
          }}
        />
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('assets.objectGroups.confirmDelete.title')}
        confirmLabel={t('assets.objectGroups.confirmDelete.confirm')}
        destructive
      >
        {toDelete ? t('assets.objectGroups.confirmDelete.text', { name: toDelete.name }) : ''}
      </ConfirmDialog>
    </>
  );
}

/** A group's objects, opened in place: name (opens the object), status, score (for roles that see scores), built year, renovation year. */
function GroupObjects({ group, showScore }: { group: AssetGroup; showScore: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (group.assets.length === 0) {
    return (
      <Text size="sm" c="dimmed" py={4}>
        {t('assets.objectGroups.noObjects')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label={t('assets.objectGroups.objectsLabel', { name: group.name })} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('assets.objectGroups.objectColumns.name')}</Table.Th>
          <Table.Th>{t('assets.objectGroups.objectColumns.status')}</Table.Th>
          {showScore ? <Table.Th>{t('assets.objectGroups.objectColumns.score')}</Table.Th> : null}
          <Table.Th>{t('assets.objectGroups.objectColumns.constructionYear')}</Table.Th>
          <Table.Th>{t('assets.objectGroups.objectColumns.renovationYear')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {group.assets.map((a) => (
          <Table.Tr key={`${a.assetId}-${String(a.isBuyerAsset)}`}>
            <Table.Td>
              <Anchor component={Link} to={objectPath(a.assetId, a.isBuyerAsset)} size="sm">
                {a.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge kind="object" state={a.state} />
            </Table.Td>
            {showScore ? <Table.Td>{formatScore(a.score, language)}</Table.Td> : null}
            <Table.Td>{yearOrDash(a.constructionYear)}</Table.Td>
            <Table.Td>{yearOrDash(a.renovationYear)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
