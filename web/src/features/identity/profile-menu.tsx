import { Avatar, Box, Button, List, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconDownload, IconKey, IconLogout, IconShieldLock, IconWebhook } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { roleName, type Role } from '@ecore/core/identity/roles.ts';
import { webhookScope } from '@ecore/core/webhooks/webhooks.ts';
import { useSession } from '../../lib/session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { downloadPersonalData, fetchCurrentUser } from './identity-api.ts';
import { useLogout } from './use-logout.ts';

const initials = (first: string, last: string, userName: string): string =>
  ((first.charAt(0) + last.charAt(0)) || userName.charAt(0)).toUpperCase();

/** The profile menu of the header: name, the user's roles, the download of the user's own data and logout. Its button is named by the user name. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const doLogout = useLogout();
  const navigate = useNavigate();
  // The token is part of the key, so another login never sees the previous user's data.
  const { data: user } = useSWR(session ? ['user/me', session.token] : null, fetchCurrentUser, { revalidateOnFocus: false });
  if (!session) return null;

  const userName = user?.userName ?? session.claims.userName;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const roles: readonly Role[] = user?.roles ?? session.actor.roles;

  return (
    <Menu position="bottom-end" width={280} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<Avatar size="sm" color="green" radius="xl" aria-hidden="true">{initials(user?.firstName ?? '', user?.lastName ?? '', userName)}</Avatar>}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        >
          {/* The name beside the initials from 1200 px; below, the initials alone leave the navigation its room. The
              button's name is the user name at every width (read from the hidden text below 1200 px), never the
              initials, and no aria-label that would differ from the visible text (docs/accessibility.md). */}
          <Box component="span" visibleFrom="lg">
            {userName}
          </Box>
          <VisuallyHidden hiddenFrom="lg">{userName}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('identity.profileMenu.signedInAs')}</Menu.Label>
        <div style={{ padding: '4px 12px 8px' }}>
          {fullName ? <Text fw={600}>{fullName}</Text> : null}
          <Text size="sm" c="dimmed">
            {userName}
          </Text>
          {user?.organisationName ? <Text size="sm">{user.organisationName}</Text> : null}
        </div>
        <Menu.Divider />
        <Menu.Label id="profile-menu-roles">{t('identity.profileMenu.roles')}</Menu.Label>
        <List size="sm" px="md" pb="xs" aria-labelledby="profile-menu-roles">
          {roles.map((role) => (
            <List.Item key={role}>{t(`identity.roles.${roleName(role)}`)}</List.Item>
          ))}
        </List>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() => void downloadPersonalData().catch((error: unknown) => notifyError(error instanceof ApiError ? error.message : t('identity.profileMenu.personalDataFailed')))}
        >
          {t('identity.profileMenu.personalData')}
        </Menu.Item>
        <Menu.Item leftSection={<IconShieldLock size={16} aria-hidden="true" />} onClick={() => void navigate('/sign-in-methods')}>
          {t('identity.profileMenu.signInMethods')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden="true" />} onClick={() => void navigate('/api-tokens')}>
          {t('identity.profileMenu.apiTokens')}
        </Menu.Item>
        {webhookScope(session.actor) ? (
          <Menu.Item leftSection={<IconWebhook size={16} aria-hidden="true" />} onClick={() => void navigate('/webhooks')}>
            {t('identity.profileMenu.webhooks')}
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void doLogout()}>
          {t('identity.profileMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
