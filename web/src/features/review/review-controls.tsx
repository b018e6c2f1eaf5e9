import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconFileUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as E from 'fp-ts/Either';
import type { AnswerState } from '@ecore/core/answering/answers.ts';
import { answerDecisionNeedsReason, checkReason, REASON_MIN_LENGTH } from '@ecore/core/review/decision-reason.ts';
import {
  availableDecisions,
  eligibleAnswers,
  EVALUATOR_DECISIONS,
  TESTER_DECISIONS,
  type AnswerDecision,
} from '@ecore/core/review/answer-review.ts';
import { isEvaluator, REVIEWER_ROLES } from '@ecore/core/review/testers.ts';
import type { Question } from '@ecore/core/questionnaires/template.ts';
import { MEANING_COLOURS, type StatusMeaning } from '../../components/status-badge.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import type { Answer } from '../answering/answering-api.ts';
import { DocumentsPanel } from '../answering/documents-panel.tsx';
import { useActionErrorText } from '../answering/questionnaire-dialogs.tsx';
import { AlreadyChecked, useEvidenceChecks } from './already-checked.tsx';
import { useCheck } from './check-context.ts';
import { reviewAnswerDecision } from './review-api.ts';

/** An answer's review mark as the check screen and the owner see it (spec 02 §3 answer states). */
export const reviewMark = (state: AnswerState | null): { key: string; meaning: StatusMeaning } => {
  switch (state) {
    case 'ReviewAccepted':
      return { key: 'accepted', meaning: 'positive' };
    case 'EvaluationAccepted':
      return { key: 'evaluationAccepted', meaning: 'positive' };
    case 'Declined':
      return { key: 'rejected', meaning: 'negative' };
    case 'Verification':
      return { key: 'evidence', meaning: 'intermediate' };
    default:
      return { key: 'unchecked', meaning: 'neutral' };
  }
};

export function ReviewMarkBadge({ answer }: { answer: Pick<Answer, 'state'> | undefined }) {
  const { t } = useTranslation();
  const mark = reviewMark(answer?.state ?? null);
  return (
    <Badge variant="light" color={MEANING_COLOURS[mark.meaning]} tt="none" data-meaning={mark.meaning} style={{ flexShrink: 0 }}>
      {t(`review.marks.${mark.key}`)}
    </Badge>
  );
}

const ICONS: Record<AnswerDecision, typeof IconCheck> = {
  accept: IconCheck,
  reject: IconX,
  requestEvidence: IconFileUpload,
  unreview: IconArrowBackUp,
  evaluationAccept: IconCheck,
  evaluationDecline: IconX,
};
const COLOURS: Partial<Record<AnswerDecision, string>> = { accept: 'green', evaluationAccept: 'green', reject: 'red', evaluationDecline: 'red', requestEvidence: 'yellow' };

/** Which decision a mark stands for (its button shows pressed). */
const currentDecision = (state: AnswerState | null): AnswerDecision | null =>
  state === 'ReviewAccepted' ? 'accept' : state === 'Declined' ? 'reject' : state === 'Verification' ? 'requestEvidence' : state === 'EvaluationAccepted' ? 'evaluationAccept' : null;

/**
 * The review of one answer on the check screen (UI.md "the reviewer's choice (accept, reject, upload documents)
 * and a comment"): the answer's mark, the decisions of the user's role with the ones core's availableDecisions
 * allows enabled, a comment sent with the decision, and the evidence inline with its preview.
 */
export function ReviewControls({ question }: { question: Question }) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const { filled, facts, applyAnswer, refresh } = useCheck();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [pending, setPending] = useState<AnswerDecision | null>(null);
  const checkedElsewhere = useEvidenceChecks(filled.assetId, filled.id);
  const id = question.id ?? 0;
  const answer = filled.answers.find((a) => a.questionId === id);
  if (question.type === 'VirtualQuestion') return null;

  const eligible = eligibleAnswers(facts.structure, facts.answers).some((a) => a.questionId === id);
  const available = availableDecisions(facts, id);
  const roles = facts.actor.roles;
  const current = currentDecision(answer?.state ?? null);
  // "Take back" where there is a decision to take back; on an unchecked answer it would change nothing.
  const shown: AnswerDecision[] = [
    ...(roles.some((r) => REVIEWER_ROLES.includes(r)) ? TESTER_DECISIONS.filter((d) => d !== 'unreview' || current !== null) : []),
    ...(isEvaluator(facts.actor) ? EVALUATOR_DECISIONS : []),
  ];
  const withEvidence = answer !== undefined && (answer.documents.length > 0 || answer.evidenceRequested === true || answer.state === 'Verification');
  const groupLabel = t('review.decision.label');

  const decide = async (decision: AnswerDecision) => {
    if (!answer) return;
    // Rejecting, and taking a rejection back, needs the comment as its reason (DOMAIN.md §1), by the server's rule.
    if (answerDecisionNeedsReason(decision, answer.state)) {
      const checked = checkReason(comment);
      if (E.isLeft(checked)) {
        setCommentError(t(`errors.${checked.left}`));
        return;
      }
    }
    setCommentError(null);
    setPending(decision);
    try {
      const result = await reviewAnswerDecision(answer.id, decision, comment);
      applyAnswer(result.answer);
      setComment('');
      notifySuccess(t('review.decision.saved', { title: question.staticTitle, mark: t(`review.marks.${reviewMark(result.answer.state).key}`) }));
    } catch (failure) {
      notifyError(actionErrorText(failure, 'answer-review-error'));
      // The answer may have changed meanwhile (another tab, a state change): show it as stored.
      void refresh();
    } finally {
      setPending(null);
    }
  };

  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)" role="group" aria-label={groupLabel}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>{groupLabel}</Text>
          {eligible ? <ReviewMarkBadge answer={answer} /> : null}
        </Group>
        {!eligible ? (
          <Text size="sm" c="dimmed">{t('review.decision.notEligible')}</Text>
        ) : shown.length > 0 ? (
          <>
            {answer?.state === 'Declined' && answer.rejectionReason ? (
              <Text size="sm" c="red.8" style={{ whiteSpace: 'pre-line' }}>{t('review.decision.standingReason', { reason: answer.rejectionReason })}</Text>
            ) : null}
            <Textarea
              label={t('review.decision.comment')}
              description={t('review.decision.reasonHint', { min: REASON_MIN_LENGTH })}
              autosize
              minRows={1}
              maxRows={6}
              value={comment}
              error={commentError}
              onChange={(event) => {
                setComment(event.currentTarget.value);
                setCommentError(null);
              }}
              disabled={available.length === 0}
            />
            <Group gap="xs">
              {shown.map((decision) => {
                const Icon = ICONS[decision];
                const pressed = decision === current;
                return (
                  <Button
                    key={decision}
                    size="compact-sm"
                    variant={pressed ? 'filled' : 'light'}
                    color={COLOURS[decision] ?? 'gray'}
                    leftSection={<Icon size={14} aria-hidden="true" />}
                    aria-pressed={decision === 'unreview' ? undefined : pressed}
                    disabled={!available.includes(decision) || (pending !== null && pending !== decision)}
                    loading={pending === decision}
                    onClick={() => void decide(decision)}
                  >
                    {t(`review.decision.actions.${decision}`)}
                  </Button>
                );
              })}
            </Group>
          </>
        ) : null}
        {withEvidence ? (
          <Stack gap={4}>
            <Text size="xs" fw={600}>{t('review.decision.evidence')}</Text>
            <DocumentsPanel answer={answer} language={currentLanguage()} mayChange={false} onChanged={refresh} noteOf={(document) => <AlreadyChecked checks={checkedElsewhere?.get(document.id)} />} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
