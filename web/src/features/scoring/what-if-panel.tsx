import { useMemo, useState } from 'react';
import { Alert, Button, Group, List, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { answerText } from '@ecore/core/answering/answer-rules.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { questionTitleIn, type Question } from '@ecore/core/questionnaires/template.ts';
import { formatScore, roundForDisplay } from '@ecore/core/scoring/display.ts';
import type { ScoreResult, StrandingOutcome } from '@ecore/core/scoring/score.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { FilledQuestionnaire } from '../answering/answering-api.ts';
import { AnswerInput, type AnswerValueInput } from '../answering/answer-input.tsx';
import { useObjectResults } from './results-context.ts';
import { formatRatio, strandingYearText } from './score-display.tsx';
import { previewKey, previewScore, type WhatIfAnswer } from './scoring-api.ts';

/**
 * The what-if sandbox (issue 15): answers of scored questions changed on trial, the score computed by the server's
 * preview over the stored answers with these changed, shown before → after with the difference. Nothing is saved.
 */
export function WhatIfPanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { assetId, qid, score, filled, language } = useObjectResults();
  const [changes, setChanges] = useState<WhatIfAnswer[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const candidates = useMemo(() => (filled ? whatIfQuestions(score.result, filled, language) : []), [score.result, filled, language]);
  const { data: preview, error, isLoading } = useSWR(changes.length === 0 ? null : previewKey(assetId, qid, changes), () => previewScore(assetId, qid, changes), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const after = changes.length === 0 ? null : (preview?.result ?? null);
  const question = selected === null ? null : (candidates.find((c) => String(c.question.id) === selected)?.question ?? null);
  const stored = question?.id == null ? null : (filled?.answers.find((a) => a.questionId === question.id && a.state !== null) ?? null);
  const trial = question?.id == null ? undefined : changes.find((c) => c.questionId === question.id);
  const shown: AnswerValueInput | null = trial ?? (stored ? { inputAnswer: stored.inputAnswer, multipleChoiceOption: stored.multipleChoiceOption } : null);

  const change = (questionId: number, value: AnswerValueInput) =>
    setChanges((current) => [...current.filter((c) => c.questionId !== questionId), { questionId, inputAnswer: value.inputAnswer, multipleChoiceOption: value.multipleChoiceOption }]);

  const groups = useMemo(() => {
    const byCluster = new Map<string, { value: string; label: string }[]>();
    for (const c of candidates) byCluster.set(c.cluster, [...(byCluster.get(c.cluster) ?? []), { value: String(c.question.id), label: c.label }]);
    return [...byCluster].map(([group, items]) => ({ group, items }));
  }, [candidates]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="what-if-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="what-if-title">
            {t('scoring.whatIf.title')}
          </Title>
          <Button variant="default" size="xs" leftSection={<IconRestore size={14} aria-hidden="true" />} disabled={changes.length === 0} onClick={() => setChanges([])}>
            {t('scoring.whatIf.reset')}
          </Button>
        </Group>
        <Alert color="blue" variant="light" p="xs">
          <Text size="sm">{t('scoring.whatIf.intro')}</Text>
          <Text size="sm" fw={600}>
            {t('scoring.whatIf.notSaved')}
          </Text>
        </Alert>
        <Group align="flex-start" grow wrap="nowrap" gap="lg">
          <Stack gap="sm" miw={0}>
            <Select
              label={t('scoring.whatIf.question')}
              placeholder={t('scoring.whatIf.choose')}
              nothingFoundMessage={t('scoring.whatIf.nothingFound')}
              data={groups}
              value={selected}
              onChange={setSelected}
              searchable
              disabled={!filled}
              comboboxProps={{ withinPortal: true }}
            />
            {question?.id != null ? (
              <Stack gap={6}>
                <Text size="sm" fw={600} id="what-if-question">
                  {questionTitleIn(question, language)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('scoring.whatIf.stored', { answer: stored ? answerText(question, stored, language) || '–' : t('scoring.results.details.notAnswered') })}
                </Text>
                <AnswerInput
                  key={`${question.id}-${changes.length === 0 ? 'reset' : 'trial'}`}
                  question={question}
                  value={shown}
                  language={language}
                  readOnly={false}
                  labelledBy="what-if-question"
                  onSave={(value) => change(question.id!, value)}
                />
              </Stack>
            ) : null}
            <Text size="sm" c="dimmed" role="status">
              {changes.length === 0 ? t('scoring.whatIf.none') : t('scoring.whatIf.changed', { count: changes.length })}
            </Text>
            {changes.length > 0 && filled ? (
              <List size="xs" spacing={2} aria-label={t('scoring.whatIf.changesLabel')}>
                {changes.map((c) => {
                  const changed = candidates.find((candidate) => candidate.question.id === c.questionId)?.question;
                  if (!changed) return null;
                  const before = filled.answers.find((a) => a.questionId === c.questionId && a.state !== null);
                  return (
                    <List.Item key={c.questionId}>
                      {t('scoring.whatIf.changeLine', {
                        question: changed.staticTitle,
                        before: before ? answerText(changed, before, language) || '–' : t('scoring.results.details.notAnswered'),
                        after: answerText(changed, c, language) || '–',
                      })}
                    </List.Item>
                  );
                })}
              </List>
            ) : null}
          </Stack>
          <Stack gap="xs" miw={0}>
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error instanceof ApiError && error.statusCode === 400 ? errorText(error) : t('errors.score-preview-error')}
              </Alert>
            ) : null}
            <Comparison before={score.result} after={after} language={language} />
            {isLoading ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  {t('scoring.whatIf.computing')}
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A question the sandbox offers: a choice question that carries points, or a value question (it feeds virtual questions and the stranding year). */
interface Candidate {
  question: Question;
  cluster: string;
  label: string;
}

/** The questions of the results whose answer can move the score, with the template's titles (joined by ids). */
export const whatIfQuestions = (result: ScoreResult, filled: FilledQuestionnaire, language: Language): Candidate[] => {
  const byId = new Map<number, Question>();
  for (const cluster of filled.clusters)
    for (const category of cluster.categories) for (const section of category.sections) for (const q of section.questions) if (q.id !== null) byId.set(q.id, q);
  return result.clusters.flatMap((cluster, index) =>
    cluster.categories.flatMap((category) =>
      category.sections.flatMap((section) =>
        section.questions.flatMap((scored) => {
          const question = scored.questionId === null ? undefined : byId.get(scored.questionId);
          const offered = scored.type === 'ValueQuestion' || ((scored.type === 'SingleChoice' || scored.type === 'MultipleChoice') && scored.maximum > 0);
          if (!question || !offered) return [];
          return [{ question, cluster: clusterName(index, language), label: `${scored.staticTitle} ${questionTitleIn(question, language)}` }];
        }),
      ),
    ),
  );
};

/** A score difference as the screens show the scores: each side rounded by core first, so that what is shown adds up. */
const scoreDifference = (before: number | null, after: number | null, language: Language): string => {
  if (before === null || after === null) return '–';
  const difference = roundForDisplay(after) - roundForDisplay(before);
  const text = formatScore(difference, language);
  if (text === formatScore(0, language)) return `±${text}`;
  return difference > 0 ? `+${text}` : text;
};

const yearOf = (outcome: StrandingOutcome): number | null => (outcome.status === 'computed' && !outcome.result.beyond2050 ? outcome.result.misalignmentYear : null);

const yearDifference = (before: StrandingOutcome, after: StrandingOutcome): string => {
  const from = yearOf(before);
  const to = yearOf(after);
  if (from === null || to === null) return '–';
  const d = to - from;
  return d > 0 ? `+${d}` : d === 0 ? '±0' : String(d);
};

/** Before → after with the difference: the total, each cluster, and the stranding years. */
function Comparison({ before, after, language }: { before: ScoreResult; after: ScoreResult | null; language: Language }) {
  const { t } = useTranslation();
  const beyond = t('errors.scoring-beyond-2050');
  const rows: { key: string; what: string; before: string; after: string; difference: string }[] = [
    {
      key: 'ecore',
      what: t('scoring.whatIf.total'),
      before: formatScore(before.ecore, language),
      after: after ? formatScore(after.ecore, language) : '–',
      difference: after ? scoreDifference(before.ecore, after.ecore, language) : '–',
    },
    ...before.clusters.map((cluster, index) => {
      const moved = after?.clusters[index] ?? null;
      const percent = (ratio: number | null) => (ratio === null ? null : ratio * 100);
      return {
        key: `cluster-${cluster.clusterIdentifier}`,
        what: clusterName(index, language),
        before: formatRatio(cluster.ratio, language),
        after: moved ? formatRatio(moved.ratio, language) : '–',
        difference: moved ? scoreDifference(percent(cluster.ratio), percent(moved.ratio), language) : '–',
      };
    }),
    ...(['carbon', 'energy'] as const).map((metric) => ({
      key: `stranding-${metric}`,
      what: t(metric === 'carbon' ? 'scoring.whatIf.strandingCarbon' : 'scoring.whatIf.strandingEnergy'),
      before: strandingYearText(before.stranding[metric], beyond),
      after: after ? strandingYearText(after.stranding[metric], beyond) : '–',
      difference: after ? yearDifference(before.stranding[metric], after.stranding[metric]) : '–',
    })),
  ];
  return (
    <Table aria-label={t('scoring.whatIf.compareLabel')} withTableBorder verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('scoring.whatIf.what')}</Table.Th>
          <Table.Th ta="right">{t('scoring.whatIf.before')}</Table.Th>
          <Table.Th ta="right">{t('scoring.whatIf.after')}</Table.Th>
          <Table.Th ta="right">{t('scoring.whatIf.difference')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={row.key === 'ecore' ? 700 : 400}>
              {row.what}
            </Table.Th>
            <Table.Td ta="right">{row.before}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {row.after}
            </Table.Td>
            <Table.Td ta="right">{row.difference}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
