import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import { startRegistration } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { fetchPasskeys, registerPasskey, removePasskey, startPasskeyRegistration } from './identity-api.ts';

/** The passkeys of the sign-in methods page (docs/sign-in.md "Passkeys"): the list with last use, adding and removing. */
export function PasskeysCard({ sessionToken, onChanged }: { sessionToken: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = currentLanguage();
  const { data, mutate } = useSWR(['user/me/passkeys', sessionToken], fetchPasskeys, { revalidateOnFocus: false });
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : t('identity.signInMethods.never'));

  const run = async (work: () => Promise<unknown>, success: string) => {
    setPending(true);
    try {
      await work();
      notifySuccess(success);
      setName('');
      await mutate();
      onChanged();
    } catch (error) {
      // The browser's own refusal (cancelled, no authenticator) has no key of ours.
      notifyError(error instanceof ApiError ? errorText(error) : t('identity.signInMethods.passkeyFailed'));
    } finally {
      setPending(false);
    }
  };
  const add = () => run(async () => registerPasskey(await startRegistration({ optionsJSON: await startPasskeyRegistration() }), name.trim()), t('identity.signInMethods.passkeyAdded'));

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('identity.signInMethods.passkeys')}
        </Title>
        <Text size="sm">{t('identity.signInMethods.passkeysIntro')}</Text>
        {data && data.length === 0 ? <Text size="sm">{t('identity.signInMethods.passkeyNone')}</Text> : null}
        {data && data.length > 0 ? (
          <Table data-testid="passkeys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('identity.signInMethods.passkeys')}</Table.Th>
                <Table.Th>{t('identity.signInMethods.passkeyCreated')}</Table.Th>
                <Table.Th>{t('identity.signInMethods.lastUsed')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{when(p.createdAt)}</Table.Td>
                  <Table.Td>{when(p.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" aria-label={t('identity.signInMethods.passkeyRemove', { name: p.name })} color="red" disabled={pending} onClick={() => void run(() => removePasskey(p.id), t('identity.signInMethods.passkeyRemoved'))}>
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Group align="flex-end">
          <TextInput label={t('identity.signInMethods.passkeyName')} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={60} w={280} />
          <Button leftSection={<IconFingerprint size={16} aria-hidden="true" />} onClick={() => void add()} loading={pending}>
            {t('identity.signInMethods.passkeyAdd')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
