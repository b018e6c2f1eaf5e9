import { Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATA_QUALITY_KINDS, type DataQuality, type DataQualityKind } from '@ecore/core/scoring/data-quality.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';

const COLOURS: Record<DataQualityKind, string> = { measured: 'teal', estimated: 'yellow', calculated: 'blue', missing: 'gray' };

const percent = (share: number, language: Language) => `${formatLocaleNumber(Math.round(share * 1000) / 10, language, 1)} %`;

/**
 * Data quality (issue 40): where the consumption figures come from (measured, estimated, calculated, missing; for a
 * group by floor area) as one bar with a table beside it, the open plausibility flags, and "weak" above a fifth
 * estimated.
 */
export function DataQualityCard({ quality, language, group = false }: { quality: DataQuality; language: Language; group?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" aria-labelledby="data-quality-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text id="data-quality-title" fw={600}>{t('scoring.dataQuality.title')}</Text>
          <Text size="sm" fw={600} c={quality.weak ? 'orange.9' : 'teal.9'}>
            {t(quality.weak ? 'scoring.dataQuality.weak' : 'scoring.dataQuality.sound')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">{t(group ? 'scoring.dataQuality.byArea' : 'scoring.dataQuality.byCount', { count: quality.figures })}</Text>
        <Progress.Root size="lg" aria-hidden="true">
          {DATA_QUALITY_KINDS.filter((kind) => quality.shares[kind] > 0).map((kind) => (
            <Progress.Section key={kind} value={quality.shares[kind] * 100} color={COLOURS[kind]} />
          ))}
        </Progress.Root>
        <Table aria-label={t('scoring.dataQuality.title')} verticalSpacing={2}>
          <Table.Tbody>
            {DATA_QUALITY_KINDS.map((kind) => (
              <Table.Tr key={kind}>
                <Table.Th scope="row" fw={400}>
                  <Group gap={6} wrap="nowrap">
                    <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: `var(--mantine-color-${COLOURS[kind]}-6)` }} />
                    {t(`scoring.dataQuality.kinds.${kind}`)}
                  </Group>
                </Table.Th>
                <Table.Td ta="right">{percent(quality.shares[kind], language)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row" fw={400}>{t('scoring.dataQuality.openFlags')}</Table.Th>
              <Table.Td ta="right">{t('scoring.dataQuality.openFlagsValue', { open: quality.openFlags, all: quality.flags, share: percent(quality.openFlagShare, language) })}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
