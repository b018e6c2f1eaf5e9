import { Carousel } from '@mantine/carousel';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The four news slides of the home page (spec 01 §2, §9), newest first: the first slide a user sees announces the
 * active questionnaire version (2025_01), not the oldest one.
 */
export const NEWS_ITEMS = ['questionnaire202501', 'mixedUse', 'questionnaire202401', 'questionnaire202303'] as const;

export function NewsCarousel() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-news-title">
      <Title order={2} size="h4" mb="sm" id="home-news-title">
        {t('home.news.title')}
      </Title>
      <Carousel
        withIndicators
        emblaOptions={{ loop: true }}
        slideGap="md"
        previousControlProps={{ 'aria-label': t('home.news.previous') }}
        nextControlProps={{ 'aria-label': t('home.news.next') }}
        aria-roledescription="carousel"
        styles={{ indicator: { backgroundColor: 'var(--mantine-color-green-6)' } }}
      >
        {NEWS_ITEMS.map((item, index) => (
          <Carousel.Slide key={item} aria-roledescription="slide" aria-label={t('home.news.slideOf', { index: index + 1, count: NEWS_ITEMS.length })}>
            <Paper withBorder radius="md" p="xl" px={56} mih={180} bg="green.0">
              <Stack gap="xs">
                <Badge variant="light" color="green">
                  {t(`home.news.items.${item}.tag`)}
                </Badge>
                <Title order={3} size="h4">
                  {t(`home.news.items.${item}.title`)}
                </Title>
                <Text>{t(`home.news.items.${item}.text`)}</Text>
              </Stack>
            </Paper>
          </Carousel.Slide>
        ))}
      </Carousel>
    </section>
  );
}
