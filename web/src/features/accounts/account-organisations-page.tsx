import { useState } from 'react';
import { Button, Select } from '@mantine/core';
import {
  IconAddressBook,
  IconDownload,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlayerPlay,
  IconBan,
  IconPlus,
  IconTrash,
  IconKey,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mayActOnOrganisations } from '@ecore/core/identity/account-scope.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { OrganisationStatus, organisationTransitionAllowed } from '@ecore/core/organisations/organisation.ts';
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
import { StatusBadges, type StatusOf } from '../../components/status-badge.tsx';
import { useCreateRequest } from '../../components/use-create-request.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { AccountTabs } from './account-tabs.tsx';
import {
  changeOrganisationState,
  fetchOrganisations,
  forgetOrganisationCaches,
  type OrganisationItem,
  type OrganisationListFilter,
  type OrganisationStateAction,
} from './accounts-api.ts';
import { ContactsDialog } from './contacts-dialog.tsx';
import { ExportUsersDialog } from './export-users-dialog.tsx';
import { OrganisationDialog } from './organisation-dialog.tsx';
import { StateRowActions, type StateAction } from './state-row-actions.tsx';
import { SignInSettingsDialog } from './sign-in-settings-dialog.tsx';

const FILTER_DEFAULTS: Record<OrganisationListFilter, string> = { kind: 'all' };
const KINDS = ['all', 'financePartner', 'buyer'] as const;
const FILTER_VALUES: Partial<Record<OrganisationListFilter, readonly string[]>> = { kind: KINDS };

const STATE_ACTIONS: StateAction<OrganisationStateAction>[] = [
  { action: 'activate', icon: IconPlayerPlay, color: 'green' },
  { action: 'deactivate', icon: IconBan },
  { action: 'lock', icon: IconLock },
  { action: 'unlock', icon: IconLockOpen },
  { action: 'delete', icon: IconTrash, color: 'red' },
];

type Dialog =
  | { kind: 'organisation'; id: number | null; key: number }
  | { kind: 'contacts'; id: number; name: string; key: number }
  | { kind: 'signIn'; id: number; name: string; key: number }
  | { kind: 'export'; preset: number[]; key: number };

/** An organisation's kinds (finance partner, buyer, solution partner, test account) as badges. */
export const organisationKinds = (o: Pick<OrganisationItem, 'isFinancePartner' | 'isBuyer' | 'isSolutionPartner' | 'isTestAccount'>): StatusOf<'organisation'>[] => [
  ...(o.isFinancePartner ? (['FinancePartner'] as const) : []),
  ...(o.isBuyer ? (['Buyer'] as const) : []),
  ...(o.isSolutionPartner ? (['SolutionPartner'] as const) : []),
  ...(o.isTestAccount ? (['TestAccount'] as const) : []),
];

/** An organisation's status, and its lock beside it. */
export const organisationStates = (o: Pick<OrganisationItem, 'status' | 'locked'>): StatusOf<'organisation'>[] => [
  o.status === OrganisationStatus.Active ? 'Active' : 'Inactive',
  ...(o.locked ? (['Locked'] as const) : []),
];

/** The organisation list of account management (spec 01 §2): search, kind filter, paging, row actions, user export. */
export function AccountOrganisationsPage() {
  const session = useSession();
  if (!session) return null;
  return <OrganisationsList actor={session.actor} />;
}

function OrganisationsList({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const [query, change] = useListQuery(FILTER_DEFAULTS, FILTER_VALUES);
  const { state, reload } = usePagedList(query, fetchOrganisations);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const language = currentLanguage();
  const may = (action: Parameters<typeof mayActOnOrganisations>[1]) => mayActOnOrganisations(actor, action);

  const afterChange = () => {
    void forgetOrganisationCaches();
    reload();
  };
  const rowAction = useRowAction<OrganisationItem, OrganisationStateAction>({
    run: (action, org) => changeOrganisationState(action, org.id),
    successText: (action) => t(`accounts.organisations.toast.${action}Success`),
    errorText: (action) => t(`accounts.organisations.toast.${action}Error`),
    onDone: afterChange,
  });

  const columns: Column<OrganisationItem>[] = [
    { key: 'name', header: t('accounts.organisations.columns.name'), render: (o) => o.name },
    { key: 'address', header: t('accounts.organisations.columns.address'), render: (o) => `${o.street} ${o.number}, ${o.zip} ${o.city}` },
    { key: 'country', header: t('accounts.organisations.columns.country'), render: (o) => countryName(o.country, language) },
    { key: 'kind', header: t('accounts.organisations.columns.kind'), render: (o) => <StatusBadges kind="organisation" states={organisationKinds(o)} /> },
    { key: 'financePartner', header: t('accounts.organisations.columns.financePartner'), render: (o) => o.financePartnerOrganisationName ?? '' },
    { key: 'status', header: t('accounts.organisations.columns.status'), render: (o) => <StatusBadges kind="organisation" states={organisationStates(o)} /> },
  ];

  const openCreate = () => setDialog({ kind: 'organisation', id: null, key: Date.now() });
  useCreateRequest(openCreate, may('create'));

  const visibleIds = state.page?.items.map((o) => o.id) ?? [];
  const pending = rowAction.pending;

  return (
    <>
      <PageHeader
        actions={
          <>
            {may('export') ? (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'export', preset: selected.length > 0 ? selected : visibleIds, key: Date.now() })}
              >
                {t('accounts.export.open')}
              </Button>
            ) : null}
            {may('create') ? (
              <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openCreate}>
                {t('accounts.organisations.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <AccountTabs active="organisations" />
      <ListToolbar search={query.search} onSearch={(search) => change({ search })}>
        <Select
          aria-label={t('accounts.organisations.filters.kind')}
          data={KINDS.map((kind) => ({ value: kind, label: t(`accounts.organisations.filters.${kind}`) }))}
          value={query.filters.kind}
          onChange={(value) => change({ filters: { kind: value ?? 'all' } })}
          allowDeselect={false}
          w={200}
        />
      </ListToolbar>
      <DataTable
        label={t('accounts.organisations.tableLabel')}
        columns={columns}
        state={state}
        rowKey={(o) => o.id}
        rowName={(o) => o.name}
        onRetry={reload}
        skeletonRows={query.pageSize}
        selection={
          may('export')
            ? { selected, onChange: setSelected, label: (name) => t('accounts.organisations.select', { name }) }
            : undefined
        }
        actions={(org) => (
          <>
            {may('edit') ? (
              <RowAction
                label={t('accounts.organisations.actions.edit')}
                icon={<IconPencil size={18} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'organisation', id: org.id, key: Date.now() })}
              />
            ) : null}
            {may('editContacts') ? (
              <RowAction
                label={t('accounts.organisations.actions.editContacts')}
                icon={<IconAddressBook size={18} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'contacts', id: org.id, name: org.name, key: Date.now() })}
              />
            ) : null}
            {may('signInPolicy') ? (
              <RowAction
                label={t('accounts.organisations.actions.signIn')}
                icon={<IconKey size={18} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'signIn', id: org.id, name: org.name, key: Date.now() })}
              />
            ) : null}
            <StateRowActions
              actions={STATE_ACTIONS}
              allowed={(action) => organisationTransitionAllowed(org, action) && may(action)}
              label={(action) => t(`accounts.organisations.actions.${action}`)}
              onAsk={(action) => rowAction.ask(action, org)}
            />
          </>
        )}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
      {dialog?.kind === 'signIn' ? <SignInSettingsDialog key={dialog.key} organisationId={dialog.id} organisationName={dialog.name} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'organisation' ? (
        <OrganisationDialog
          key={dialog.key}
          actor={actor}
          organisationId={dialog.id}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            afterChange();
          }}
        />
      ) : null}
      {dialog?.kind === 'contacts' ? (
        <ContactsDialog
          key={dialog.key}
          organisationId={dialog.id}
          organisationName={dialog.name}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            afterChange();
          }}
        />
      ) : null}
      {dialog?.kind === 'export' ? <ExportUsersDialog key={dialog.key} preset={dialog.preset} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        {...rowAction.dialog}
        title={pending ? t(`accounts.organisations.confirm.${pending.action}.title`) : ''}
        confirmLabel={pending ? t(`accounts.organisations.actions.${pending.action}`) : ''}
        destructive={pending?.action === 'delete' || pending?.action === 'deactivate' || pending?.action === 'lock'}
      >
        {pending ? t(`accounts.organisations.confirm.${pending.action}.text`, { name: pending.item.name }) : ''}
      </ConfirmDialog>
    </>
  );
}
