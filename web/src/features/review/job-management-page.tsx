import { useState } from 'react';
import { Table, Tabs, Text } from '@mantine/core';
import { IconCertificate, IconClipboardCheck, IconUserPlus } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { closedByMeGrants } from '@ecore/core/assets/asset-access.ts';
import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { mayOpenCheck } from '@ecore/core/review/answer-review.ts';
import { mayAssignTesters } from '@ecore/core/review/testers.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { QueryPagination } from '../../components/data-table/list-pagination.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useListQuery } from '../../components/data-table/use-list-query.ts';
import { usePagedList } from '../../components/data-table/use-paged-list.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { AssignTesterDialog, type TesterTarget } from './assign-tester-dialog.tsx';
import { checkDataPath } from './check-context.ts';
import { EvaluateGroupActions, FinishGroupReviewAction, useGroupObjects } from '../object-groups/group-review.tsx';
import { GroupCertificateAction } from '../certificates/certificate-links.tsx';
import { certificatePath } from '../certificates/certificate-paths.ts';
import { fetchClosedByMe, fetchJobGroups, fetchJobObjects, type JobGroup, type JobObject } from './review-api.ts';
import { assetActorOf, reviewAssetFacts } from './review-facts.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';

const NO_FILTERS: Record<never, string> = {};

type JobList = 'object-groups' | 'objects' | 'closed';

const year = (y: number | null | undefined): string => (y === null || y === undefined ? '–' : String(y));

/**
 * /job-management (spec 02 §2): the object groups and the objects to review or evaluate, for internal and external
 * testers, evaluators and the account administrator; the server lists each only their jobs (docs/review.md).
 */
export function JobManagementPage() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return null;
  const path = pathname.replace(/\/$/, '');
  const list: JobList = path.endsWith('/objects') ? 'objects' : path.endsWith('/closed') ? 'closed' : 'object-groups';
  // "Closed by me" is the evaluator's view (core closedByMeGrants); anyone else lands on the groups.
  if (list === 'closed' && closedByMeGrants(session.actor) === null) return <Navigate to="/job-management/object-groups" replace />;
  return <JobManagement key={list} list={list} actor={session.actor} />;
}

function JobTabs({ active, actor }: { active: JobList; actor: Actor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(value) => value && void navigate(`/job-management/${value}`)} mb="md">
      <Tabs.List aria-label={t('review.jobs.tabs.label')}>
        <Tabs.Tab {...ROUTE_TAB} value="object-groups">{t('review.jobs.tabs.objectGroups')}</Tabs.Tab>
        <Tabs.Tab {...ROUTE_TAB} value="objects">{t('review.jobs.tabs.objects')}</Tabs.Tab>
        {closedByMeGrants(actor) !== null ? <Tabs.Tab {...ROUTE_TAB} value="closed">{t('review.jobs.tabs.closed')}</Tabs.Tab> : null}
      </Tabs.List>
    </Tabs>
  );
}

function JobManagement({ list, actor }: { list: JobList; actor: Actor }) {
  const [query, change] = useListQuery(NO_FILTERS);
  return (
    <>
      <PageHeader />
      <JobTabs active={list} actor={actor} />
      <ListToolbar search={query.search} onSearch={(search) => change({ search })} />
      {list === 'objects' ? (
        <ObjectJobs actor={actor} query={query} change={change} />
      ) : list === 'closed' ? (
        <ClosedByMe query={query} change={change} />
      ) : (
        <GroupJobs actor={actor} query={query} change={change} />
      )}
    </>
  );
}

type ListState = ReturnType<typeof useListQuery<never>>;
interface ListProps {
  actor: Actor;
  query: ListState[0];
  change: ListState[1];
}

const testerNameOf = (g: Pick<JobGroup, 'tester'>): string | null => (g.tester ? `${g.tester.firstName} ${g.tester.lastName}` : null);

/** The check button of an object (spec 02 §4 "needs review state or an evaluator", core mayOpenCheck). */
function CheckAction({
  actor,
  object,
  state,
  groupState = null,
}: {
  actor: Actor;
  object: { id: number; name: string; organisationId: number; assetGroupId: number; isBuyerAsset: boolean; testerUserId?: number | null };
  state: AssetQuestionnaireState | null;
  groupState?: JobGroup['status'] | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!mayOpenCheck(assetActorOf(actor), reviewAssetFacts(actor, object, state), state, groupState)) return null;
  return (
    <RowAction
      label={t('review.jobs.actions.check')}
      name={t('review.jobs.actions.checkFor', { name: object.name })}
      color="blue"
      icon={<IconClipboardCheck size={18} aria-hidden="true" />}
      onClick={() => void navigate(checkDataPath(object.id, object.isBuyerAsset))}
    />
  );
}

function ObjectJobs({ actor, query, change }: ListProps) {
  const { t } = useTranslation();
  const { state, reload } = usePagedList(query, fetchJobObjects);
  const [assigning, setAssigning] = useState<TesterTarget | null>(null);
  const assigner = mayAssignTesters(actor);
  const columns: Column<JobObject>[] = [
    { key: 'name', header: t('review.jobs.columns.name'), render: (o) => <Text size="sm" fw={500}>{o.name}</Text> },
    { key: 'group', header: t('review.jobs.columns.group'), render: (o) => o.assetGroupName },
    { key: 'organisation', header: t('review.jobs.columns.organisation'), render: (o) => o.organisationName },
    { key: 'status', header: t('review.jobs.columns.status'), render: (o) => <StatusBadge kind="object" state={o.status} /> },
    { key: 'tester', header: t('review.jobs.columns.tester'), render: (o) => o.testerName ?? '–' },
    { key: 'score', header: t('review.jobs.columns.score'), render: (o) => formatScore(o.score, currentLanguage()) },
    { key: 'constructionYear', header: t('review.jobs.columns.constructionYear'), render: (o) => year(o.constructionYear) },
    { key: 'renovationYear', header: t('review.jobs.columns.renovationYear'), render: (o) => year(o.renovationYear) },
  ];
  return (
    <>
      <DataTable
        label={t('review.jobs.objectsLabel')}
        columns={columns}
        state={state}
        rowKey={(o) => `${o.id}-${String(o.isBuyerAsset)}`}
        rowName={(o) => o.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        actions={(o) => (
          <>
            <CheckAction actor={actor} object={o} state={o.status} />
            {assigner ? (
              <RowAction
                label={t('review.jobs.actions.assignTester')}
                name={t('review.jobs.actions.assignTesterFor', { name: o.name })}
                icon={<IconUserPlus size={18} aria-hidden="true" />}
                onClick={() => setAssigning({ kind: 'object', id: o.id, name: o.name })}
              />
            ) : null}
          </>
        )}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
      {assigning ? (
        <AssignTesterDialog
          target={assigning}
          onClose={() => setAssigning(null)}
          onDone={() => {
            setAssigning(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

function GroupJobs({ actor, query, change }: ListProps) {
  const { t } = useTranslation();
  const { state, reload } = usePagedList(query, fetchJobGroups);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [assigning, setAssigning] = useState<TesterTarget | null>(null);
  const assigner = mayAssignTesters(actor);
  const columns: Column<JobGroup>[] = [
    { key: 'name', header: t('review.jobs.columns.name'), render: (g) => <Text size="sm" fw={500}>{g.name}</Text> },
    { key: 'organisation', header: t('review.jobs.columns.organisation'), render: (g) => g.organisationName },
    { key: 'status', header: t('review.jobs.columns.status'), render: (g) => <StatusBadge kind="group" state={g.status} /> },
    { key: 'tester', header: t('review.jobs.columns.tester'), render: (g) => testerNameOf(g) ?? '–' },
    { key: 'score', header: t('review.jobs.columns.score'), render: (g) => formatScore(g.score, currentLanguage()) },
    { key: 'objects', header: t('review.jobs.columns.objects'), render: (g) => g.assets.length },
  ];
  return (
    <>
      <DataTable
        label={t('review.jobs.groupsLabel')}
        columns={columns}
        state={state}
        rowKey={(g) => g.id}
        rowName={(g) => g.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        expansion={{
          expanded,
          onToggle: (id) => setExpanded((open) => (open.includes(id) ? open.filter((k) => k !== id) : [...open, id])),
          label: (name) => t('review.jobs.expand', { name }),
          render: (g) => <GroupJobObjects actor={actor} group={g} />,
        }}
        actions={(g) => (
          <>
            {/* Evaluator group row (spec 02 §2): decline, accept, download label. */}
            <EvaluateGroupActions actor={actor} group={g} onDone={reload} />
            {/* Certificates (issue 16): the evaluator's "download label" of a Closed group. */}
            <GroupCertificateAction actor={actor} group={g} />
            <FinishGroupReviewAction actor={actor} group={g} onDone={reload} />
            {assigner ? (
              <RowAction
                label={t('review.jobs.actions.assignTester')}
                name={t('review.jobs.actions.assignTesterFor', { name: g.name })}
                icon={<IconUserPlus size={18} aria-hidden="true" />}
                onClick={() => setAssigning({ kind: 'group', id: g.id, name: g.name })}
              />
            ) : null}
          </>
        )}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
      {assigning ? (
        <AssignTesterDialog
          target={assigning}
          onClose={() => setAssigning(null)}
          onDone={() => {
            setAssigning(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** A group's objects opened in place (spec 02 §2): name, status, score, built year, renovation year and a check button. */
function GroupJobObjects({ actor, group }: { actor: Actor; group: JobGroup }) {
  const { t } = useTranslation();
  const assets = useGroupObjects(group);
  if (assets.length === 0) return <Text size="sm" c="dimmed" py={4}>{t('review.jobs.noObjects')}</Text>;
  const objectOf = (a: GroupAsset) => ({
    id: a.assetId,
    name: a.name,
    organisationId: group.organisationId,
    assetGroupId: group.id,
    isBuyerAsset: a.isBuyerAsset,
    ...(group.testerUserId === undefined ? {} : { testerUserId: group.testerUserId }),
  });
  return (
    <Table verticalSpacing={4} aria-label={t('review.jobs.objectsOf', { name: group.name })} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('review.jobs.columns.name')}</Table.Th>
          <Table.Th>{t('review.jobs.columns.status')}</Table.Th>
          <Table.Th>{t('review.jobs.columns.score')}</Table.Th>
          <Table.Th>{t('review.jobs.columns.constructionYear')}</Table.Th>
          <Table.Th>{t('review.jobs.columns.renovationYear')}</Table.Th>
          <Table.Th ta="right">{t('dataTable.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {assets.map((a) => (
          <Table.Tr key={`${a.assetId}-${String(a.isBuyerAsset)}`}>
            <Table.Td><Text size="sm">{a.name}</Text></Table.Td>
            <Table.Td><StatusBadge kind="object" state={a.state} /></Table.Td>
            <Table.Td>{formatScore(a.score, currentLanguage())}</Table.Td>
            <Table.Td>{year(a.constructionYear)}</Table.Td>
            <Table.Td>{year(a.renovationYear)}</Table.Td>
            <Table.Td ta="right">
              <CheckAction actor={actor} object={objectOf(a)} state={a.state as AssetQuestionnaireState | null} groupState={group.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The evaluator's "closed by me" (DOMAIN.md §1): the objects whose questionnaire it closed, read only, each with its
 * label (the certificate view); the server lists them (GET asset?closedByMe=true, core closedByMeGrants).
 */
function ClosedByMe({ query, change }: Omit<ListProps, 'actor'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, reload } = usePagedList(query, fetchClosedByMe);
  const columns: Column<JobObject>[] = [
    { key: 'name', header: t('review.jobs.columns.name'), render: (o) => <Text size="sm" fw={500}>{o.name}</Text> },
    { key: 'group', header: t('review.jobs.columns.group'), render: (o) => o.assetGroupName },
    { key: 'organisation', header: t('review.jobs.columns.organisation'), render: (o) => o.organisationName },
    { key: 'status', header: t('review.jobs.columns.status'), render: (o) => <StatusBadge kind="object" state={o.status} /> },
    { key: 'score', header: t('review.jobs.columns.score'), render: (o) => formatScore(o.score, currentLanguage()) },
  ];
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">{t('review.jobs.closedIntro')}</Text>
      <DataTable
        label={t('review.jobs.closedLabel')}
        columns={columns}
        state={state}
        rowKey={(o) => `${o.id}-${String(o.isBuyerAsset)}`}
        rowName={(o) => o.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        actions={(o) => (
          <RowAction
            label={t('review.jobs.actions.label')}
            name={t('review.jobs.actions.labelFor', { name: o.name })}
            color="green"
            icon={<IconCertificate size={18} aria-hidden="true" />}
            onClick={() => void navigate(certificatePath(o.id, 'asset'))}
          />
        )}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
    </>
  );
}
