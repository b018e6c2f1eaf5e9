import { Badge, Paper, Table, Text } from '@mantine/core';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { KPI_KEYS } from '@ecore/core/questionnaires/template.ts';
import { clusterNameOf } from '@ecore/core/questionnaires/template-export.ts';
import { formatConsumption, formatScore } from '@ecore/core/scoring/display.ts';
import type { ConsumptionKey, YearFigures, YearOverYear } from '@ecore/core/scoring/year-over-year.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { fetchGroupYearOverYear, fetchObjectYearOverYear, groupYearOverYearKey, objectYearOverYearKey, type YearOverYearAnswer } from './scoring-api.ts';
import { useGroupResults, useObjectResults } from './results-context.ts';

const UNITS: Record<ConsumptionKey, string> = { finalEnergy: KPI_KEYS.finalEnergyTotal, co2: KPI_KEYS.co2, water: KPI_KEYS.water, waste: KPI_KEYS.waste };

const signed = (value: number | null, format: (v: number) => string): string => (value === null ? '–' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${format(Math.abs(value))}`);

/** The object's results beside last year's, where this questionnaire was started as next year's (issue 22). */
export function ObjectYearOverYear() {
  const { assetId, qid, language } = useObjectResults();
  const { data } = useSWR(objectYearOverYearKey(assetId, qid), () => fetchObjectYearOverYear(assetId, qid));
  return data?.comparison ? <YearOverYearCard answer={data} language={language} /> : null;
}

/** The group's results beside last year's (its objects' previous questionnaires). */
export function GroupYearOverYear() {
  const { groupId, language } = useGroupResults();
  const { data } = useSWR(groupYearOverYearKey(groupId), () => fetchGroupYearOverYear(groupId));
  return data?.comparison ? <YearOverYearCard answer={data} language={language} /> : null;
}

const strandingText = (s: YearFigures['stranding'], t: (key: string) => string) => (s.beyond2050 ? t('scoring.yearOverYear.beyond2050') : s.year === null ? '–' : String(s.year));

/**
 * Last year's total, cluster scores, stranding year and consumption values beside this year's, with the difference
 * (points, years) and the consumption change in percent; a consumption change on another gross floor area is
 * marked not comparable (core's yearOverYear decides).
 */
export function YearOverYearCard({ answer, language }: { answer: YearOverYearAnswer; language: Language }) {
  const { t } = useTranslation();
  const y: YearOverYear = answer.comparison!;
  const points = (v: number) => formatScore(v, language);
  const figure = (v: number | null) => (v === null ? '–' : formatConsumption(v, language));
  return (
    <Paper withBorder p="md">
      <Table aria-label={t('scoring.yearOverYear.title')} verticalSpacing={4}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{t('scoring.yearOverYear.title')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">{t('scoring.yearOverYear.year', { year: y.previousYear })}</Table.Th>
            <Table.Th ta="right">{t('scoring.yearOverYear.year', { year: y.currentYear })}</Table.Th>
            <Table.Th ta="right">{t('scoring.yearOverYear.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('scoring.yearOverYear.total')}</Table.Th>
            <Table.Td ta="right">{formatScore(y.ecore.previous, language)}</Table.Td>
            <Table.Td ta="right">{formatScore(y.ecore.current, language)}</Table.Td>
            <Table.Td ta="right">{signed(y.ecore.difference, points)}</Table.Td>
          </Table.Tr>
          {y.clusters.map((c, i) => (
            <Table.Tr key={c.clusterIdentifier}>
              <Table.Th scope="row" fw={400}>{clusterNameOf(c.clusterIdentifier, language, i)}</Table.Th>
              <Table.Td ta="right">{formatScore(c.previous, language)}</Table.Td>
              <Table.Td ta="right">{formatScore(c.current, language)}</Table.Td>
              <Table.Td ta="right">{signed(c.difference, points)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" fw={400}>{t('scoring.yearOverYear.stranding')}</Table.Th>
            <Table.Td ta="right">{strandingText(y.stranding.previous, t)}</Table.Td>
            <Table.Td ta="right">{strandingText(y.stranding.current, t)}</Table.Td>
            <Table.Td ta="right">{y.stranding.difference === null ? '–' : t('scoring.yearOverYear.years', { value: signed(y.stranding.difference, String) })}</Table.Td>
          </Table.Tr>
          {y.consumption.map((c) => (
            <Table.Tr key={c.key}>
              <Table.Th scope="row" fw={400}>
                {t(`scoring.results.consumption.${c.key}`)} <Text span size="xs" c="dimmed">{UNITS[c.key]}</Text>
              </Table.Th>
              <Table.Td ta="right">{figure(c.previous)}</Table.Td>
              <Table.Td ta="right">{figure(c.current)}</Table.Td>
              <Table.Td ta="right">
                {c.comparable ? (
                  c.changePercent === null ? '–' : `${signed(c.changePercent, (v) => formatLocaleNumber(v, language, 1))} %`
                ) : (
                  <Badge variant="light" color="gray" tt="none">{t('scoring.yearOverYear.notComparable')}</Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!y.areaUnchanged && y.consumption.length > 0 ? <Text size="xs" c="dimmed" mt="xs">{t('scoring.yearOverYear.areaChanged')}</Text> : null}
    </Paper>
  );
}
