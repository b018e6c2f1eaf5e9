import type { ReactNode } from 'react';
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
        <ContactCard title={t('infoPages.contact.addressTitle')}>
          <Text>{OPERATOR.name}</Text>
          <Text>{OPERATOR.street}</Text>
          <Text>{OPERATOR.city}</Text>
          <Text>{t('infoPages.contact.country')}</Text>
        </ContactCard>
        <ContactCard title={t('infoPages.contact.reachTitle')}>
          <Text>
            {t('infoPages.contact.email')}: <Anchor href={`mailto:${OPERATOR.email}`}>{OPERATOR.email}</Anchor>
          </Text>
          <Text>
            {t('infoPages.contact.phone')}: <Anchor href={`tel:${OPERATOR.phone.replace(/[^+\d]/g, '')}`}>{OPERATOR.phone}</Anchor>
          </Text>
          <Text>{t('infoPages.contact.hours')}</Text>
        </ContactCard>
        <ContactCard title={t('infoPages.contact.supportTitle')}>
          <Text>{t('infoPages.contact.supportText')}</Text>
          <Anchor href={`mailto:${OPERATOR.supportEmail}`}>{OPERATOR.supportEmail}</Anchor>
        </ContactCard>
        <ContactCard title={t('infoPages.contact.privacyTitle')}>
          <Text>{t('infoPages.contact.privacyText')}</Text>
          <Anchor href={`mailto:${OPERATOR.privacyEmail}`}>{OPERATOR.privacyEmail}</Anchor>
        </ContactCard>
      </SimpleGrid>
    </>
  );
}

function ContactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
