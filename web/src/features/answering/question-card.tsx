import { useState } from 'react';
import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEraser, IconFileText, IconHistory, IconInfoCircle, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAnswerable, isCleared } from '@ecore/core/answering/answer-rules.ts';
import { questionTitleIn, type Question } from '@ecore/core/questionnaires/template.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { AnswerInput, unitOf } from './answer-input.tsx';
import { useAnswering } from './answering-context.ts';
import { FigureWarningNote } from './figure-warning.tsx';
import { OutlierNote } from './outlier-flags.tsx';
import { SaveStatusText } from './save-status.tsx';

/** The DOM id of a question's card, for focusing it from the tree and "next unanswered". */
export const questionElementId = (questionId: number): string => `question-${questionId}`;

/**
 * One question (UI.md "Answering"): its title, its unit, whether evidence is needed, its description and
 * clarification one click away, the answer field with its own save state, and the comments, documents and
 * change log in the drawer.
 */
export function QuestionCard({ question, active }: { question: Question; active: boolean }) {
  const { t } = useTranslation();
  const { filled, language, readOnly, answerOf, save, statusOf, openDetails, reviewSlot } = useAnswering();
  const [explained, setExplained] = useState(false);
  const id = question.id ?? 0;
  const answer = answerOf(id);
  const translation = question.translations.find((tr) => tr.language === language) ?? question.translations.find((tr) => tr.language === 'de');
  const explanation = [translation?.description ?? '', translation?.clarification ?? ''].filter((s) => s.trim() !== '');
  const answerable = !readOnly && question.type !== 'VirtualQuestion' && isAnswerable(filled.assetQuestionnaireState, answer?.state ?? null);
  const answered = answer !== undefined && !isCleared(answer);
  // A choice on its way (or one that failed) shows at once; the stored answer once the server has it.
  const status = statusOf(id);
  const shown = status && status.kind !== 'saved' ? status.input : answer;
  const unit = unitOf(question);
  const lastYear = question.type === 'ValueQuestion' ? filled.lastYear?.values.find((v) => v.questionId === id) : undefined;
  const lastYearValue = lastYear?.inputAnswer;
  const titleId = `${questionElementId(id)}-title`;
  const explanationId = `${questionElementId(id)}-explanation`;

  return (
    <Paper
      component="section"
      id={questionElementId(id)}
      aria-labelledby={titleId}
      withBorder
      p="md"
      radius="md"
      style={active ? { borderColor: 'var(--mantine-color-blue-5)', boxShadow: '0 0 0 1px var(--mantine-color-blue-5)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="baseline" wrap="nowrap">
            <Badge variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>{question.staticTitle}</Badge>
            <Title order={3} size="h5" id={titleId} fw={600}>
              {questionTitleIn(question, language)}
            </Title>
          </Group>
          <SaveStatusText status={status} />
        </Group>
        <Group gap="xs">
          {unit ? <Badge variant="light" color="gray" tt="none">{t('answering.question.unit', { unit })}</Badge> : null}
          {question.type === 'VirtualQuestion' ? <Badge variant="light" color="violet" tt="none">{t('answering.question.computed')}</Badge> : null}
          {answer?.state === 'Verification' ? (
            <Badge variant="light" color="orange" tt="none">{t('answering.question.evidenceNeeded')}</Badge>
          ) : null}
          {answer?.state === 'Declined' ? <Badge variant="light" color="red" tt="none">{t('answering.question.declined')}</Badge> : null}
          {answered ? <Badge variant="light" color="green" tt="none">{t('answering.question.answered')}</Badge> : null}
          {explanation.length > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconInfoCircle size={14} aria-hidden="true" />}
              aria-expanded={explained}
              aria-controls={explanationId}
              onClick={() => setExplained((open) => !open)}
            >
              {t(explained ? 'answering.question.hideExplanation' : 'answering.question.showExplanation')}
            </Button>
          ) : null}
        </Group>
        {answer?.state === 'Declined' && answer.rejectionReason ? (
          <Alert color="red" variant="light" p="xs" role="note" aria-label={t('answering.question.declined')}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{t('answering.rejectedBecause', { reason: answer.rejectionReason })}</Text>
          </Alert>
        ) : null}
        <Collapse in={explained} id={explanationId}>
          <Stack gap={4}>
            {explanation.map((text, i) => (
              <Text key={i} size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{text}</Text>
            ))}
          </Stack>
        </Collapse>
        <AnswerInput
          question={question}
          value={shown && !isCleared(shown) ? { inputAnswer: shown.inputAnswer, multipleChoiceOption: shown.multipleChoiceOption, provenance: shown.provenance ?? null } : null}
          language={language}
          readOnly={!answerable}
          labelledBy={titleId}
          onSave={(value) => void save({ questionId: id, ...value })}
        />
        {lastYearValue !== undefined && filled.lastYear ? (
          // Next year's questionnaire (issue 22): last year's figure beside the input, never carried into it.
          <Text size="sm" c="dimmed">
            {lastYear?.provenance
              ? t('answering.annual.lastYearValueWithProvenance', { year: filled.lastYear.reportingYear, value: formatLocaleNumber(lastYearValue, language), unit: unit ?? '', provenance: t(`answering.provenance.kinds.${lastYear.provenance}`) }).replace('  ', ' ')
              : t('answering.annual.lastYearValue', { year: filled.lastYear.reportingYear, value: formatLocaleNumber(lastYearValue, language), unit: unit ?? '' }).trim()}
          </Text>
        ) : null}
        {question.type === 'ValueQuestion' ? <FigureWarningNote questionId={id} /> : null}
        {/* Plausibility checks (issue 40): the figure's flags, with "Explain". */}
        {question.type === 'ValueQuestion' ? <OutlierNote questionId={id} /> : null}
        {/* Review (issue 14): the check screen's decisions on this answer. */}
        {reviewSlot?.(question)}
        <Group gap="xs">
          {answerable && answered ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconEraser size={14} aria-hidden="true" />}
              onClick={() => void save({ questionId: id, inputAnswer: null, multipleChoiceOption: [] })}
            >
              {t('answering.question.clear')}
            </Button>
          ) : null}
          <Button size="compact-sm" variant="subtle" leftSection={<IconMessage size={14} aria-hidden="true" />} onClick={() => openDetails(id, 'comments')}>
            {t('answering.question.comments', { count: answer?.comments.length ?? 0 })}
          </Button>
          <Button size="compact-sm" variant="subtle" leftSection={<IconFileText size={14} aria-hidden="true" />} onClick={() => openDetails(id, 'documents')}>
            {t('answering.question.documents', { count: answer?.documents.length ?? 0 })}
          </Button>
          <Button size="compact-sm" variant="subtle" leftSection={<IconHistory size={14} aria-hidden="true" />} onClick={() => openDetails(id, 'changelog')}>
            {t('answering.question.changeLog')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
