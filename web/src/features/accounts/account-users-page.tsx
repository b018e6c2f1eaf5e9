import { useState } from 'react';
import { Button, Select } from '@mantine/core';
import { IconArchive, IconLock, IconLockOpen, IconPencil, IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mayActOnUsers } from '@ecore/core/identity/account-scope.ts';
import { mayManageUser } from '@ecore/core/identity/role-assignment.ts';
import { isRole, roleName } from '@ecore/core/identity/roles.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { USER_STATUS_FILTERS, type UserStatusFilter } from '@ecore/core/identity/user-schema.ts';
import { UserStatus, userTransitionAllowed } from '@ecore/core/identity/user-status.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { QueryPagination } from '../../components/data-table/list-pagination.tsx';
import { ListToolbar, StatusChips } from '../../components/data-table/list-toolbar.tsx';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useRowAction } from '../../components/data-table/use-row-action.ts';
import { usePagedList } from '../../components/data-table/use-paged-list.ts';
import { useListQuery } from '../../components/data-table/use-list-query.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadges, type StatusOf } from '../../components/status-badge.tsx';
import { useCreateRequest } from '../../components/use-create-request.ts';
import { useSession } from '../../lib/session.ts';
import { AccountTabs } from './account-tabs.tsx';
import { changeUserState, fetchAllOrganisations, fetchUsers, ORGANISATIONS_IN_SCOPE_KEY, type User, type UserListFilter, type UserStateAction } from './accounts-api.ts';
import { StateRowActions, type StateAction } from './state-row-actions.tsx';
import { UserDialog } from './user-dialog.tsx';

const FILTER_DEFAULTS: Record<UserListFilter, string> = { status: 'all', organisationId: '' };
const FILTER_VALUES: Partial<Record<UserListFilter, readonly string[]>> = { status: USER_STATUS_FILTERS };

export const userDisplayName = (user: Pick<User, 'firstName' | 'lastName' | 'userName'>): string =>
  `${user.firstName} ${user.lastName} (${user.userName})`;

const STATE_ACTIONS: StateAction<UserStateAction>[] = [
  { action: 'activate', icon: IconUserCheck, color: 'green' },
  { action: 'deactivate', icon: IconUserOff },
  { action: 'lock', icon: IconLock },
  { action: 'unlock', icon: IconLockOpen },
  { action: 'archive', icon: IconArchive, color: 'red' },
];

/** A user's states as badges: the status, and the lock beside it. */
export const userStates = (user: Pick<User, 'status' | 'locked'>): StatusOf<'user'>[] => {
  const status: StatusOf<'user'> =
    user.status === UserStatus.Active ? 'Active' : user.status === UserStatus.Pending ? 'Pending' : user.status === UserStatus.Archived ? 'Archived' : 'Inactive';
  return user.locked ? [status, 'Locked'] : [status];
};

/** The user list of account management (spec 01 §2): search, status chips with counts, organisation filter, paging, row actions. */
export function AccountUsersPage() {
  const session = useSession();
  if (!session) return null;
  return <UsersList actor={session.actor} />;
}

function UsersList({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const [query, change] = useListQuery(FILTER_DEFAULTS, FILTER_VALUES);
  const { state, reload } = usePagedList(query, fetchUsers);
  const [dialog, setDialog] = useState<{ user: User | null; key: number } | null>(null);
  const { data: organisations } = useSWR(ORGANISATIONS_IN_SCOPE_KEY, () => fetchAllOrganisations());
  const counts = state.page && 'counts' in state.page ? (state.page.counts as Partial<Record<UserStatusFilter, number>> | undefined) : undefined;

  const rowAction = useRowAction<User, UserStateAction>({
    run: (action, user) => changeUserState(action, user.id),
    successText: (action) => t(`accounts.users.toast.${action}Success`),
    errorText: (action) => t(`accounts.users.toast.${action}Error`),
    onDone: reload,
  });

  const columns: Column<User>[] = [
    { key: 'name', header: t('accounts.users.columns.name'), render: (u) => `${u.firstName} ${u.lastName}` },
    { key: 'userName', header: t('accounts.users.columns.userName'), render: (u) => u.userName },
    { key: 'email', header: t('accounts.users.columns.email'), truncate: { maxWidth: 200, text: (u) => u.email }, render: (u) => u.email },
    { key: 'organisation', header: t('accounts.users.columns.organisation'), priority: 'low', render: (u) => u.organisationName },
    {
      key: 'roles',
      header: t('accounts.users.columns.roles'),
      render: (u) => u.userRoles.filter(isRole).map((r) => t(`identity.roles.${roleName(r)}`)).join(', '),
    },
    { key: 'status', header: t('accounts.users.columns.status'), minWidth: 190, render: (u) => <StatusBadges kind="user" states={userStates(u)} /> },
  ];

  const mayCreate = mayActOnUsers(actor, 'create');
  const openCreate = () => setDialog({ user: null, key: Date.now() });
  useCreateRequest(openCreate, mayCreate);
  const pending = rowAction.pending;

  return (
    <>
      <PageHeader
        actions={
          mayCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openCreate}>
              {t('accounts.users.create')}
            </Button>
          ) : null
        }
      />
      <AccountTabs active="users" />
      <ListToolbar search={query.search} onSearch={(search) => change({ search })}>
        {organisations && organisations.length > 1 ? (
          <Select
            aria-label={t('accounts.users.filters.organisation')}
            placeholder={t('accounts.users.filters.allOrganisations')}
            data={organisations.map((o) => ({ value: String(o.id), label: o.name }))}
            value={query.filters.organisationId || null}
            onChange={(value) => change({ filters: { organisationId: value ?? '' } })}
            clearable
            searchable
            w={240}
          />
        ) : null}
        <StatusChips
          label={t('accounts.users.filters.status')}
          value={query.filters.status as UserStatusFilter}
          onChange={(status) => change({ filters: { status } })}
          options={USER_STATUS_FILTERS.map((value) => ({ value, label: t(`accounts.users.filters.${value}`), count: counts?.[value] }))}
        />
      </ListToolbar>
      <DataTable
        label={t('accounts.users.tableLabel')}
        columns={columns}
        state={state}
        rowKey={(u) => u.id}
        rowName={(u) => `${u.firstName} ${u.lastName}`}
        onRetry={reload}
        skeletonRows={query.pageSize}
        actions={(user) => {
          // Core's rule: nobody acts on a user holding roles the actor could not assign.
          const manageable = mayManageUser(actor, { id: user.id, organisationId: user.organisationId, roles: user.userRoles.filter(isRole) });
          return manageable ? (
          <>
            {mayActOnUsers(actor, 'edit') ? (
              <RowAction
                label={t('accounts.users.actions.edit')}
                icon={<IconPencil size={18} aria-hidden="true" />}
                onClick={() => setDialog({ user, key: Date.now() })}
              />
            ) : null}
            <StateRowActions
              actions={STATE_ACTIONS}
              allowed={(action) => userTransitionAllowed(user, action, user.id === actor.userId) && mayActOnUsers(actor, action)}
              label={(action) => t(`accounts.users.actions.${action}`)}
              onAsk={(action) => rowAction.ask(action, user)}
            />
          </>
          ) : null;
        }}
      />
      <QueryPagination query={query} total={state.page?.total} change={change} />
      {dialog ? (
        <UserDialog
          key={dialog.key}
          actor={actor}
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        {...rowAction.dialog}
        title={pending ? t(`accounts.users.confirm.${pending.action}.title`) : ''}
        confirmLabel={pending ? t(`accounts.users.actions.${pending.action}`) : ''}
        destructive={pending?.action === 'archive' || pending?.action === 'deactivate' || pending?.action === 'lock'}
      >
        {pending ? t(`accounts.users.confirm.${pending.action}.text`, { name: userDisplayName(pending.item) }) : ''}
      </ConfirmDialog>
    </>
  );
}
