import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTE_TAB } from '../../components/route-tab.ts';

export type AccountTab = 'users' | 'organisations';

/** The tabs User and Organisation of account management (spec 01 §2), bound to their routes. */
export function AccountTabs({ active }: { active: AccountTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value === 'users' || value === 'organisations') void navigate(`/account-management/${value}`);
      }}
      mb="md"
    >
      <Tabs.List aria-label={t('accounts.tabs.label')}>
        <Tabs.Tab {...ROUTE_TAB} value="users">{t('accounts.tabs.users')}</Tabs.Tab>
        <Tabs.Tab {...ROUTE_TAB} value="organisations">{t('accounts.tabs.organisations')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
