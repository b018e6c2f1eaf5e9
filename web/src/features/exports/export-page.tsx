import { useState } from 'react';
import { Button, Card, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExportRoute } from '@ecore/core/exports/export-dialog.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { QueryPagination } from '../../components/data-table/list-pagination.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useListQuery } from '../../components/data-table/use-list-query.ts';
import { usePagedList } from '../../components/data-table/use-paged-list.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { ExportDialog } from './export-dialog.tsx';
import { fetchExportableAssets, fetchExportableGroups, type ExportableAsset, type ExportableGroup } from './exports-api.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';

const NO_FILTERS: Record<never, string> = {};
export const EXPORT_TABS = ['object', 'object-group', 'customer-data'] as const;
type ExportTab = (typeof EXPORT_TABS)[number];

interface Opened {
  route: ExportRoute;
  subject: string;
  groupSize?: number;
}

const score = (value: number | null): string => (value === null ? '–' : formatLocaleNumber(value, currentLanguage(), 1));

/**
 * /export (spec 02 §2, issue 17): the finance partner's export area with the tabs object, object-group and
 * customer-data; each lists what the partner may export (the server's scope, core financePartnerScope) and opens
 * the export dialog of its route (objectExport, objectGroupExport, customerDataExport).
 */
export function ExportPage() {
  const { pathname } = useLocation();
  const tab: ExportTab = EXPORT_TABS.find((t) => pathname.replace(/\/$/, '').endsWith(`/${t}`)) ?? 'object-group';
  const [opened, setOpened] = useState<Opened | null>(null);
  return (
    <>
      <PageHeader />
      <ExportTabs active={tab} />
      {tab === 'object' ? <ObjectList key="object" onExport={setOpened} /> : null}
      {tab === 'object-group' ? <GroupList key="object-group" onExport={setOpened} /> : null}
      {tab === 'customer-data' ? <CustomerData onExport={setOpened} /> : null}
      {opened ? <ExportDialog route={opened.route} subject={opened.subject} groupSize={opened.groupSize} onClose={() => setOpened(null)} /> : null}
    </>
  );
}

function ExportTabs({ active }: { active: ExportTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(value) => value && void navigate(`/export/${value}`)} mb="md">
      <Tabs.List aria-label={t('exports.tabs.label')}>
        {EXPORT_TABS.map((tab) => (
          <Tabs.Tab {...ROUTE_TAB} key={tab} value={tab}>
            {t(`exports.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

function ObjectList({ onExport }: { onExport: (opened: Opened) => void }) {
  const { t } = useTranslation();
  const [query, change] = useListQuery(NO_FILTERS);
  const { state, reload } = usePagedList(query, fetchExportableAssets);
  const columns: Column<ExportableAsset>[] = [
    { key: 'name', header: t('exports.columns.name'), render: (a) => <Text size="sm" fw={500}>{a.name}</Text> },
    { key: 'group', header: t('exports.columns.group'), render: (a) => a.groupName },
    { key: 'owner', header: t('exports.columns.owner'), render: (a) => a.ownerName },
    { key: 'access', header: t('exports.columns.access'), render: (a) => t(`exports.reach.${a.reach}`) },
    { key: 'city', header: t('exports.columns.city'), render: (a) => a.city },
    { key: 'state', header: t('exports.columns.state'), render: (a) => (a.state ? t(`exports.states.${a.state}`, { defaultValue: a.state }) : t('exports.noQuestionnaire')) },
    { key: 'ecore', header: t('exports.columns.ecoreScore'), render: (a) => score(a.ecoreScore) },
    { key: 'finance', header: t('exports.columns.financeScore'), render: (a) => score(a.financeScore) },
  ];
  return (
    <>
      <ListToolbar search={query.search} onSearch={(search) => change({ search })} />
      <DataTable
        label={t('exports.objects.label')}
        columns={columns}
        state={state}
        rowKey={(a) => a.assetId}
        rowName={(a) => a.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        actions={(a) =>
          a.state === null ? null : (
            <RowAction
              label={t('exports.objects.export')}
              name={t('exports.objects.exportOf', { name: a.name })}
              icon={<IconDownload size={18} aria-hidden="true" />}
              onClick={() => onExport({ route: { kind: 'objectExport', assetId: a.assetId }, subject: a.name })}
            />
          )
        }
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
    </>
  );
}

function GroupList({ onExport }: { onExport: (opened: Opened) => void }) {
  const { t } = useTranslation();
  const [query, change] = useListQuery(NO_FILTERS);
  const { state, reload } = usePagedList(query, fetchExportableGroups);
  const columns: Column<ExportableGroup>[] = [
    { key: 'name', header: t('exports.columns.name'), render: (g) => <Text size="sm" fw={500}>{g.name}</Text> },
    { key: 'owner', header: t('exports.columns.owner'), render: (g) => g.ownerName },
    { key: 'objects', header: t('exports.columns.objects'), render: (g) => g.assetCount },
  ];
  return (
    <>
      <ListToolbar search={query.search} onSearch={(search) => change({ search })} />
      <DataTable
        label={t('exports.groups.label')}
        columns={columns}
        state={state}
        rowKey={(g) => g.id}
        rowName={(g) => g.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        actions={(g) => (
          <RowAction
            label={t('exports.groups.export')}
            name={t('exports.groups.exportOf', { name: g.name })}
            icon={<IconDownload size={18} aria-hidden="true" />}
            onClick={() => onExport({ route: { kind: 'objectGroupExport', groupId: g.id }, subject: g.name, groupSize: g.assetCount })}
          />
        )}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
    </>
  );
}

function CustomerData({ onExport }: { onExport: (opened: Opened) => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder maw={640}>
      <Stack gap="sm" align="flex-start">
        <Text>{t('exports.customerData.text')}</Text>
        <Button leftSection={<IconDownload size={18} aria-hidden="true" />} onClick={() => onExport({ route: { kind: 'customerDataExport' }, subject: t('exports.customerData.subject') })}>
          {t('exports.customerData.open')}
        </Button>
      </Stack>
    </Card>
  );
}
