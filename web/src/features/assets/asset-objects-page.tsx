import { useState } from 'react';
import { Anchor, Button, Checkbox, Select, Stack, Text } from '@mantine/core';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mayEditAssets } from '@ecore/core/assets/asset-access.ts';
import { EPC_EXPIRY_WARNING_DAYS } from '@ecore/core/banks/epc.ts';
import { countryName } from '@ecore/core/shared/countries.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { QueryPagination } from '../../components/data-table/list-pagination.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useRowAction } from '../../components/data-table/use-row-action.ts';
import { useListQuery } from '../../components/data-table/use-list-query.ts';
import { usePagedList } from '../../components/data-table/use-paged-list.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { mayViewScore } from '@ecore/core/scoring/score-access.ts';
import { figure, yearOrDash } from './asset-labels.ts';
import { AssetTabs } from './asset-tabs.tsx';
import { GROUP_INFO_KEY, deleteAsset, fetchAssetGroupInfo, fetchAssets, type AssetObjectsFilter, type AssetListItem } from './assets-api.ts';
import { newObjectPath, objectPath } from './object-paths.ts';
import { StatusBadge } from '../../components/status-badge.tsx';

const FILTER_DEFAULTS: Record<AssetObjectsFilter, string> = { assetGroupId: '', labelExpiresWithinDays: '', epcExpiring: '' };
/** The days of the filter "label expires within 90 days" (issue 22): the reminders come 60 and 30 days before. */
const LABEL_EXPIRY_DAYS = '90';
/** The select's value for "every group" (the list query leaves the filter out). */
const ALL_GROUPS = 'all';

/** The object list of asset management (spec 02 §2): search, filter by group, paging; the name opens the object. */
export function AssetObjectsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const [query, change] = useListQuery(FILTER_DEFAULTS);
  const { state, reload } = usePagedList(query, fetchAssets);
  // The groups of the filter load when it is opened (or a group is chosen already), not with the list (issue 23).
  const [groupsWanted, setGroupsWanted] = useState(query.filters.assetGroupId !== '');
  const { data: groups } = useSWR(groupsWanted || query.filters.assetGroupId !== '' ? GROUP_INFO_KEY : null, fetchAssetGroupInfo);
  const mayEdit = session !== null && mayEditAssets(session.actor);

  const groupData = [
    { value: ALL_GROUPS, label: t('assets.objects.filters.allGroups') },
    ...(groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  if (query.filters.assetGroupId !== '' && !groupData.some((g) => g.value === query.filters.assetGroupId)) {
    groupData.push({ value: query.filters.assetGroupId, label: query.filters.assetGroupId });
  }

  const deletion = useRowAction<AssetListItem, 'delete'>({
    run: (_, asset) => deleteAsset(asset.id, asset.isBuyerAsset),
    successText: (_, asset) => t('assets.objects.toast.deleteSuccess', { name: asset.name }),
    errorText: () => t('errors.objects-delete-error'),
    onDone: reload,
  });
  const toDelete = deletion.pending?.item ?? null;

  const columns: Column<AssetListItem>[] = [
    {
      key: 'name',
      header: t('assets.objects.columns.name'),
      render: (a) => (
        <Anchor component={Link} to={objectPath(a.id, a.isBuyerAsset)} size="sm" fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'id', header: t('assets.objects.columns.id'), render: (a) => a.id },
    { key: 'group', header: t('assets.objects.columns.group'), render: (a) => a.assetGroupName },
    { key: 'organisation', header: t('assets.objects.columns.organisation'), priority: 'low', render: (a) => a.organisationName },
    {
      key: 'status',
      header: t('assets.objects.columns.status'),
      render: (a) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge kind="object" state={a.status} />
          {a.progress ? <Text size="xs">{t('assets.objects.progress', { answered: a.progress.answered, total: a.progress.total })}</Text> : null}
        </Stack>
      ),
    },
    // Only roles that see scores get the column (spec 02 §6); the others would read a dash in every row.
    ...(session !== null && mayViewScore(session.actor) ? [{ key: 'score', header: t('assets.objects.columns.score'), render: (a: AssetListItem) => formatScore(a.score, language) }] : []),
    { key: 'constructionYear', header: t('assets.objects.columns.constructionYear'), priority: 'low', render: (a) => yearOrDash(a.constructionYear) },
    { key: 'renovationYear', header: t('assets.objects.columns.renovationYear'), priority: 'low', render: (a) => yearOrDash(a.renovationYear) },
    { key: 'city', header: t('assets.objects.columns.city'), render: (a) => [a.city, a.country ? countryName(a.country, language) : ''].filter(Boolean).join(', ') },
    { key: 'area', header: t('assets.objects.columns.area'), priority: 'low', render: (a) => figure(a.assetTotalArea, language, 2) },
  ];

  return (
    <>
      <PageHeader
        actions={
          mayEdit ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => void navigate(newObjectPath(query.filters.assetGroupId === '' ? null : Number(query.filters.assetGroupId)))}
            >
              {t('assets.objects.create')}
            </Button>
          ) : null
        }
      />
      <AssetTabs active="objects" />
      <ListToolbar search={query.search} onSearch={(search) => change({ search })}>
        <Select
          aria-label={t('assets.objects.filters.group')}
          data={groupData}
          value={query.filters.assetGroupId || ALL_GROUPS}
          onChange={(value) => change({ filters: { assetGroupId: value === null || value === ALL_GROUPS ? '' : value } })}
          allowDeselect={false}
          searchable
          onFocus={() => setGroupsWanted(true)}
          onDropdownOpen={() => setGroupsWanted(true)}
          w={260}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label={t('assets.objects.filters.labelExpires', { days: LABEL_EXPIRY_DAYS })}
          checked={query.filters.labelExpiresWithinDays !== ''}
          onChange={(event) => change({ filters: { labelExpiresWithinDays: event.currentTarget.checked ? LABEL_EXPIRY_DAYS : '' } })}
        />
        <Checkbox
          label={t('assets.objects.filters.epcExpires', { days: EPC_EXPIRY_WARNING_DAYS })}
          checked={query.filters.epcExpiring === 'true'}
          onChange={(event) => change({ filters: { epcExpiring: event.currentTarget.checked ? 'true' : '' } })}
        />
      </ListToolbar>
      <DataTable
        label={t('assets.objects.tableLabel')}
        columns={columns}
        state={state}
        rowKey={(a) => `${a.id}-${String(a.isBuyerAsset)}`}
        rowName={(a) => a.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        actions={(a) => (
          <>
            <RowAction
              label={t(a.canEdit ? 'assets.objects.actions.edit' : 'assets.objects.actions.view')}
              icon={<IconEye size={18} aria-hidden="true" />}
              onClick={() => void navigate(objectPath(a.id, a.isBuyerAsset))}
            />
            {a.canEdit ? (
              <RowAction
                label={t('assets.objects.actions.delete')}
                color="red"
                icon={<IconTrash size={18} aria-hidden="true" />}
                onClick={() => deletion.ask('delete', a)}
              />
            ) : null}
          </>
        )}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t('assets.objects.confirmDelete.title')}
        confirmLabel={t('assets.objects.confirmDelete.confirm')}
        destructive
      >
        {toDelete ? t('assets.objects.confirmDelete.text', { name: toDelete.name }) : ''}
      </ConfirmDialog>
    </>
  );
}
