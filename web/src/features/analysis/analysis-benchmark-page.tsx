import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** Analysis and benchmark dashboard (spec 02); a later issue builds it. The stranding calculator is there already (issue 15). */
export function AnalysisBenchmarkPage() {
  const { t } = useTranslation();
  return (
    <>
      <AreaPlaceholder />
      <Card withBorder mt="lg" maw={560} component="section" aria-labelledby="stranding-card-title">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconChartLine size={28} aria-hidden="true" />
          <div>
            <Title order={2} size="h4" id="stranding-card-title">
              {t('scoring.calculator.card.title')}
            </Title>
            <Text size="sm" mt={4}>
              {t('scoring.calculator.card.text')}
            </Text>
            <Button component={Link} to="stranding" mt="sm" variant="light">
              {t('scoring.calculator.card.open')}
            </Button>
          </div>
        </Group>
      </Card>
    </>
  );
}
