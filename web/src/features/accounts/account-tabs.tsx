import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { webhookScope } from '@ecore/core/webhooks/webhooks.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';
import { useSession } from '../../lib/session.ts';

export type AccountTab = 'users' | 'organisations' | 'webhooks';
const TABS: readonly string[] = ['users', 'organisations', 'webhooks'] satisfies AccountTab[];

/**
 * The tabs User and Organisation of account management (spec 01 §2), bound to their routes, and Webhooks for the
 * account administrator, who manages every organisation's (core webhookScope, docs/webhooks.md).
 */
export function AccountTabs({ active }: { active: AccountTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const webhooks = session !== null && webhookScope(session.actor)?.kind === 'all';
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value !== null && TABS.includes(value)) void navigate(`/account-management/${value}`);
      }}
      mb="md"
    >
      <Tabs.List aria-label={t('accounts.tabs.label')}>
        <Tabs.Tab {...ROUTE_TAB} value="users">{t('accounts.tabs.users')}</Tabs.Tab>
        <Tabs.Tab {...ROUTE_TAB} value="organisations">{t('accounts.tabs.organisations')}</Tabs.Tab>
        {webhooks ? <Tabs.Tab {...ROUTE_TAB} value="webhooks">{t('accounts.tabs.webhooks')}</Tabs.Tab> : null}
      </Tabs.List>
    </Tabs>
  );
}
