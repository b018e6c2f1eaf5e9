import { useMemo } from 'react';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { answerText } from '@ecore/core/answering/answer-rules.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { nameIn, questionTitleIn, type Category, type Question, type Section } from '@ecore/core/questionnaires/template.ts';
import { formatFigure } from '@ecore/core/scoring/display.ts';
import type { QuestionScore } from '@ecore/core/scoring/score.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { FilledQuestionnaire } from '../answering/answering-api.ts';
import { useObjectResults } from './results-context.ts';
import { ClassificationBadge, formatRatio, RatioBar } from './score-display.tsx';

/** The template's items by id, for the titles of the result tree (the score names levels by id only). */
const titlesOf = (filled: FilledQuestionnaire | null) => {
  const categories = new Map<number, Category>();
  const sections = new Map<number, Section>();
  const questions = new Map<number, Question>();
  for (const cluster of filled?.clusters ?? [])
    for (const category of cluster.categories) {
      if (category.id !== null) categories.set(category.id, category);
      for (const section of category.sections) {
        if (section.id !== null) sections.set(section.id, section);
        for (const q of section.questions) if (q.id !== null) questions.set(q.id, q);
      }
    }
  return { categories, sections, questions };
};

/**
 * The results details of an object (spec 02 §2, UI.md "details list every question with its points, maximum and
 * colour"): every question grouped by cluster, category and section, with its answer, points, maximum and
 * classification, and for a virtual question the one-line "why" core wrote.
 */
export function ObjectResultsDetails() {
  const { t } = useTranslation();
  const { score, filled, language } = useObjectResults();
  const titles = useMemo(() => titlesOf(filled), [filled]);
  return (
    <Stack gap="md" aria-label={t('scoring.results.details.label')} component="section">
      {score.result.clusters.map((cluster, index) => (
        <Paper key={cluster.clusterIdentifier} withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {clusterName(index, language)}
            </Title>
            <RatioBar name={clusterName(index, language)} ratio={cluster.ratio} classification={cluster.classification} language={language} />
            {cluster.categories.map((category) => (
              <Stack key={category.id ?? 'category'} gap="xs" pl="sm">
                <Title order={3} size="h5">
                  {category.id !== null && titles.categories.has(category.id) ? nameIn(titles.categories.get(category.id)!.translations, language) : '–'}
                  {` · ${formatRatio(category.ratio, language)}`}
                </Title>
                {category.sections.map((section) => {
                  const name = section.id !== null && titles.sections.has(section.id) ? nameIn(titles.sections.get(section.id)!.translations, language) : '–';
                  return (
                    <Table key={section.id ?? 'section'} withTableBorder verticalSpacing={4} aria-label={name}>
                      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                        <Text component="span" size="sm" fw={600}>
                          {name}
                        </Text>{' '}
                        <Text component="span" size="sm" c="dimmed">
                          {t('scoring.results.details.sectionLine', {
                            points: formatFigure(section.points, language),
                            maximum: formatFigure(section.maximum, language),
                            percent: formatRatio(section.ratio, language),
                          })}
                        </Text>
                      </Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('scoring.results.details.question')}</Table.Th>
                          <Table.Th w="28%">{t('scoring.results.details.answer')}</Table.Th>
                          <Table.Th ta="right" w={70}>
                            {t('scoring.results.details.points')}
                          </Table.Th>
                          <Table.Th ta="right" w={80}>
                            {t('scoring.results.details.maximum')}
                          </Table.Th>
                          <Table.Th w={170}>{t('scoring.results.details.classification')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {section.questions.map((q, i) => (
                          <QuestionRow key={q.questionId ?? `q-${i}`} scored={q} question={q.questionId === null ? undefined : titles.questions.get(q.questionId)} language={language} />
                        ))}
                      </Table.Tbody>
                    </Table>
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function QuestionRow({ scored, question, language }: { scored: QuestionScore; question: Question | undefined; language: Language }) {
  const { t } = useTranslation();
  const title = question ? questionTitleIn(question, language) : scored.staticTitle;
  const answer =
    scored.type === 'VirtualQuestion'
      ? t('scoring.results.details.computed')
      : scored.answer && question
        ? answerText(question, scored.answer, language) || t('scoring.results.details.notAnswered')
        : t('scoring.results.details.notAnswered');
  const why = scored.virtual?.why[language] ?? '';
  return (
      <Table.Tr data-question={scored.staticTitle} data-classification={scored.classification}>
        <Table.Td>
          <Text size="sm">
            <Text component="span" size="xs" c="dimmed" mr={6}>
              {scored.staticTitle}
            </Text>
            {title}
          </Text>
          {why !== '' ? (
            <Text size="xs" c="dimmed" mt={2}>
              {t('scoring.results.details.why', { why })}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Text size="sm" c={scored.answered || scored.type === 'VirtualQuestion' ? undefined : 'dimmed'}>
            {answer}
          </Text>
        </Table.Td>
        <Table.Td ta="right">{formatFigure(scored.points, language)}</Table.Td>
        <Table.Td ta="right">{formatFigure(scored.maximum, language)}</Table.Td>
        <Table.Td>
          {scored.counted ? (
            <ClassificationBadge classification={scored.classification} />
          ) : (
            <Text size="xs" c="dimmed">
              {t('scoring.results.details.notCounted')}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
  );
}
