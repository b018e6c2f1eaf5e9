import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { visibleHomeCards } from '@ecore/core/identity/route-access.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { accessSubject, useSession } from '../../lib/session.ts';
import { NewsCarousel } from './news-carousel.tsx';
import { QuickLinkCards } from './quick-link-cards.tsx';
import { WorklistSection } from './worklist-section.tsx';

/** Home (spec 01 §2): what waits for the user first (docs/worklist.md), then welcome text, news carousel and the quick-link cards of the user's roles. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const cards = session ? visibleHomeCards(accessSubject(session)) : [];
  return (
    <>
      <PageHeader />
      <Stack gap="xl">
        <WorklistSection />
        <div>
          <Text size="lg" fw={600}>
            {t('home.welcome.title', { userName: session?.claims.userName ?? '' })}
          </Text>
          <Text mt="xs" maw={760}>
            {t('home.welcome.text')}
          </Text>
        </div>
        <NewsCarousel />
        <QuickLinkCards cards={cards} />
      </Stack>
    </>
  );
}
