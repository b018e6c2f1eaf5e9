import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { InfoSection } from './info-section.tsx';
import { OPERATOR } from './operator.ts';

/** The usual GDPR sections, in the order readers expect them. */
export const DATA_PROTECTION_SECTIONS = [
  'controller',
  'data',
  'purposes',
  'legalBasis',
  'recipients',
  'retention',
  'security',
  'rights',
  'complaint',
  'contact',
] as const;

export function DataProtectionPage() {
  const { t } = useTranslation();
  const values = {
    name: OPERATOR.name,
    street: OPERATOR.street,
    city: OPERATOR.city,
    email: OPERATOR.email,
    privacyEmail: OPERATOR.privacyEmail,
    phone: OPERATOR.phone,
  };
  return (
    <>
      <PageHeader />
      <Stack gap="lg" maw={800}>
        <Text>{t('infoPages.dataProtection.intro')}</Text>
        {DATA_PROTECTION_SECTIONS.map((section) => (
          <InfoSection key={section} title={t(`infoPages.dataProtection.sections.${section}.title`)}>
            {t(`infoPages.dataProtection.sections.${section}.text`, values)}
          </InfoSection>
        ))}
        <Text size="sm" c="dimmed">
          {t('infoPages.dataProtection.updated')}
        </Text>
      </Stack>
    </>
  );
}
