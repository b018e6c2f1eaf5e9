import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { InfoSection } from './info-section.tsx';
import { OPERATOR } from './operator.ts';

/** The imprint with the parts § 5 DDG asks for. */
export function ImpressumPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Stack gap="lg" maw={800}>
        <InfoSection title={t('infoPages.impressum.providerTitle')}>
          <Text>
            {OPERATOR.name}
            <br />
            {OPERATOR.street}
            <br />
            {OPERATOR.city}
            <br />
            {t('infoPages.contact.country')}
          </Text>
        </InfoSection>
        <InfoSection title={t('infoPages.impressum.representedTitle')}>
          {t('infoPages.impressum.representedText', { names: OPERATOR.managingDirectors })}
        </InfoSection>
        <InfoSection title={t('infoPages.impressum.contactTitle')}>
          <Text>
            {t('infoPages.contact.phone')}: {OPERATOR.phone}
            <br />
            {t('infoPages.impressum.fax')}: {OPERATOR.fax}
            <br />
            {t('infoPages.contact.email')}: <Anchor href={`mailto:${OPERATOR.email}`}>{OPERATOR.email}</Anchor>
          </Text>
        </InfoSection>
        <InfoSection title={t('infoPages.impressum.registerTitle')}>
          {t('infoPages.impressum.registerText', { register: OPERATOR.register })}
        </InfoSection>
        <InfoSection title={t('infoPages.impressum.vatTitle')}>
          {t('infoPages.impressum.vatText', { vatId: OPERATOR.vatId })}
        </InfoSection>
        <InfoSection title={t('infoPages.impressum.responsibleTitle')}>
          {t('infoPages.impressum.responsibleText')}
        </InfoSection>
        <InfoSection title={t('infoPages.impressum.disputeTitle')}>{t('infoPages.impressum.disputeText')}</InfoSection>
        <InfoSection title={t('infoPages.impressum.liabilityTitle')}>{t('infoPages.impressum.liabilityText')}</InfoSection>
        <InfoSection title={t('infoPages.impressum.copyrightTitle')}>{t('infoPages.impressum.copyrightText')}</InfoSection>
      </Stack>
    </>
  );
}
