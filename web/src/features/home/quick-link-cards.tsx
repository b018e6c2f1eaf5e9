import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconClipboardCheck,
  IconEdit,
  IconFileCheck,
  IconFileSearch,
  IconUserPlus,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HomeCard } from '@ecore/core/identity/route-access.ts';
import { HOME_CARD_PATHS } from '../../lib/paths.ts';

const ICONS: Record<HomeCard, Icon> = {
  createOrganisation: IconBuildingCommunity,
  createUser: IconUserPlus,
  createObject: IconBuildingSkyscraper,
  createObjectGroup: IconUsersGroup,
  answerQuestionnaire: IconEdit,
  editQuestionnaire: IconFileCheck,
  reviewQuestionnaire: IconClipboardCheck,
  readObjects: IconFileSearch,
};

/**
 * How many cards a row holds so that the rows are filled evenly: all in one row up to four, else three or
 * four a row, whichever leaves the last row fuller (5: 3 + 2, 6: 3 + 3, 7: 4 + 3, 8: 4 + 4).
 */
export const cardColumns = (count: number): number => {
  if (count <= 4) return Math.max(count, 1);
  const gap = (columns: number) => (columns - (count % columns)) % columns;
  return gap(4) <= gap(3) ? 4 : 3;
};

/** Quick-link cards; the caller passes only the cards the user may see (core visibleHomeCards). */
export function QuickLinkCards({ cards }: { cards: readonly HomeCard[] }) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="home-cards-title">
      <Title order={2} size="h4" mb="sm" id="home-cards-title">
        {t('home.cards.title')}
      </Title>
      <SimpleGrid cols={cardColumns(cards.length)} spacing="md">
        {cards.map((card) => {
          const CardIcon = ICONS[card];
          return (
            <Card
              key={card}
              component={Link}
              to={HOME_CARD_PATHS[card]}
              withBorder
              radius="md"
              padding="lg"
              h="100%"
            >
              <ThemeIcon variant="light" color="green" size="lg" mb="sm">
                <CardIcon size={20} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} size="h5">
                {t(`home.cards.${card}.title`)}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`home.cards.${card}.text`)}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
