import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayDecideAccessRequests, mayRequestAccess } from '@ecore/core/assets/access-requests.ts';
import { useSession } from '../../lib/session.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';

export type AssetTab = 'object-groups' | 'objects' | 'access-request' | 'access-requests';

const isAssetTab = (value: string | null): value is AssetTab => value === 'object-groups' || value === 'objects' || value === 'access-request' || value === 'access-requests';

/**
 * The tabs of asset management (spec 02 §2), bound to their routes; the access request only for buyers (core
 * mayRequestAccess), the received access requests only for those who decide them (core mayDecideAccessRequests).
 */
export function AssetTabs({ active }: { active: AssetTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const withAccessRequest = session !== null && mayRequestAccess(session.actor);
  const withAccessRequests = session !== null && mayDecideAccessRequests(session.actor);
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (isAssetTab(value)) void navigate(`/asset-management/${value}`);
      }}
      mb="md"
    >
      <Tabs.List aria-label={t('assets.tabs.label')}>
        <Tabs.Tab {...ROUTE_TAB} value="object-groups">{t('assets.tabs.objectGroups')}</Tabs.Tab>
        <Tabs.Tab {...ROUTE_TAB} value="objects">{t('assets.tabs.objects')}</Tabs.Tab>
        {withAccessRequest ? <Tabs.Tab {...ROUTE_TAB} value="access-request">{t('assets.tabs.accessRequest')}</Tabs.Tab> : null}
        {withAccessRequests ? <Tabs.Tab {...ROUTE_TAB} value="access-requests">{t('assets.tabs.accessRequests')}</Tabs.Tab> : null}
      </Tabs.List>
    </Tabs>
  );
}
