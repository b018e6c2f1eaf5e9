import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';

export const FAQ_ITEMS = ['portal', 'account', 'password', 'roles', 'objects', 'questionnaire', 'review', 'certificate', 'language'] as const;

/** Frequently asked questions about the portal, linked from the footer. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Text mb="md" maw={760}>
        {t('infoPages.faq.intro')}
      </Text>
      <Accordion variant="separated" maw={900} multiple>
        {FAQ_ITEMS.map((item) => (
          <Accordion.Item key={item} value={item}>
            <Accordion.Control>{t(`infoPages.faq.items.${item}.question`)}</Accordion.Control>
            <Accordion.Panel>
              <Text style={{ whiteSpace: 'pre-line' }}>{t(`infoPages.faq.items.${item}.answer`)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
