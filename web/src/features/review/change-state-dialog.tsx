import { useTranslation } from 'react-i18next';
import type { ChangeTarget } from '@ecore/core/review/transitions.ts';
import type { AssetRef } from '../answering/answering-api.ts';
import { ActionDialog } from '../answering/questionnaire-dialogs.tsx';
import { changeQuestionnaireState } from './review-api.ts';

/** The state changes of the check screen (spec 02 §2 "change state (texts for evaluation, closed, declined, verification)"). */
export type ReviewTarget = Exclude<ChangeTarget, 'Review'>;

/** Per target: core's dialog text and the dialog's generic error (spec 02 §8 "per-state errors"). */
const TEXTS: Record<ReviewTarget, { text: string; errorKey: string }> = {
  Evaluation: { text: 'change-state-evaluation', errorKey: 'tasks-toEvaluation-error' },
  Closed: { text: 'change-state-closed', errorKey: 'tasks-toClosed-error' },
  Declined: { text: 'change-state-declined', errorKey: 'tasks-toDeclined-error' },
  Verification: { text: 'change-state-verification', errorKey: 'tasks-toVerification-error' },
};

/**
 * Confirms one state change of a filled questionnaire and asks PUT asset/state. A refusal shows the text of its
 * code (`questionnaire-change-{code}`, the server's key) and keeps the dialog open.
 */
export function ChangeStateDialog({
  target,
  refOf,
  name,
  onDone,
  onClose,
}: {
  target: ReviewTarget;
  refOf: AssetRef;
  name: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { text, errorKey } = TEXTS[target];
  return (
    <ActionDialog
      title={t(`review.changeState.titles.${target}`)}
      text={`${t(`errors.${text}`)} ${t('review.changeState.object', { name })}`}
      confirmLabel={t(`review.changeState.confirm.${target}`)}
      destructive={target === 'Declined'}
      withReason={target === 'Declined'}
      run={(reason) => changeQuestionnaireState(refOf, target, reason)}
      successText={t(`review.changeState.done.${target}`, { name })}
      errorKey={errorKey}
      onDone={onDone}
      onClose={onClose}
    />
  );
}
