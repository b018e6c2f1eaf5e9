import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { OPERATOR } from './operator.ts';

/** How to reach the operator of the portal. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Text mb="lg" maw={760}>
        {t('infoPages.contact.intro')}
      </Text>
      <SimpleGrid cols={2} spacing="lg" maw={900}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('infoPages.contact.addressTitle')}
            </Title>
            <Text>{OPERATOR.name}</Text>
            <Text>{OPERATOR.street}</Text>
            <Text>{OPERATOR.city}</Text>
            <Text>{t('infoPages.contact.country')}</Text>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('infoPages.contact.reachTitle')}
            </Title>
            <Text>
              {t('infoPages.contact.email')}: <Anchor href={`mailto:${OPERATOR.email}`}>{OPERATOR.email}</Anchor>
            </Text>
            <Text>
              {t('infoPages.contact.phone')}: <Anchor href={`tel:${OPERATOR.phone.replace(/[^+\d]/g, '')}`}>{OPERATOR.phone}</Anchor>
            </Text>
            <Text>{t('infoPages.contact.hours')}</Text>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('infoPages.contact.supportTitle')}
            </Title>
            <Text>{t('infoPages.contact.supportText')}</Text>
            <Anchor href={`mailto:${OPERATOR.supportEmail}`}>{OPERATOR.supportEmail}</Anchor>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('infoPages.contact.privacyTitle')}
            </Title>
            <Text>{t('infoPages.contact.privacyText')}</Text>
            <Anchor href={`mailto:${OPERATOR.privacyEmail}`}>{OPERATOR.privacyEmail}</Anchor>
          </Stack>
        </Paper>
      </SimpleGrid>
    </>
  );
}
