import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconFileUpload, IconSend, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEvaluator, REVIEWER_ROLES } from '@ecore/core/review/testers.ts';
import { availableTransitions, decideStateChange, type QuestionnaireFacts } from '@ecore/core/review/transitions.ts';
import type { AssetRef } from '../answering/answering-api.ts';
import { ChangeStateDialog, type ReviewTarget } from './change-state-dialog.tsx';

/** The changes a tester offers, and an evaluator's (DOMAIN.md §3: the evaluator closes or declines). */
const TESTER_TARGETS: readonly ReviewTarget[] = ['Evaluation', 'Verification', 'Declined'];
const EVALUATOR_TARGETS: readonly ReviewTarget[] = ['Closed', 'Declined'];

const ICONS: Record<ReviewTarget, typeof IconSend> = { Evaluation: IconSend, Verification: IconFileUpload, Declined: IconX, Closed: IconCircleCheck };

/**
 * The state-change buttons of the check screen: those of the user's role, enabled where core availableTransitions
 * allows the change now; the first one's missing condition (its code's text) said beside them.
 */
export function StateChangeButtons({ facts, refOf, name }: { facts: QuestionnaireFacts; refOf: AssetRef; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<ReviewTarget | null>(null);
  const roles = facts.actor.roles;
  const targets = [...new Set([...(roles.some((r) => REVIEWER_ROLES.includes(r)) ? TESTER_TARGETS : []), ...(isEvaluator(facts.actor) ? EVALUATOR_TARGETS : [])])];
  if (targets.length === 0) return null;
  const available = availableTransitions(facts);
  const primary = targets[0];
  const blocked = primary && !available.includes(primary) ? decideStateChange(primary, facts) : null;
  // Codes 1 and 2 (not the user's step, not now) say nothing the disabled button does not; the others name what is missing.
  const hint = blocked && blocked._tag === 'Left' && blocked.left.code > 2 ? t(`errors.questionnaire-change-${blocked.left.code}`) : null;

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {targets.map((target) => {
          const Icon = ICONS[target];
          return (
            <Button
              key={target}
              size="sm"
              variant={target === primary ? 'filled' : 'default'}
              color={target === 'Declined' ? 'red' : undefined}
              leftSection={<Icon size={16} aria-hidden="true" />}
              disabled={!available.includes(target)}
              onClick={() => setAsking(target)}
            >
              {t(`review.changeState.actions.${target}`)}
            </Button>
          );
        })}
      </Group>
      {hint ? <Text size="xs" c="dimmed">{hint}</Text> : null}
      {asking ? (
        <ChangeStateDialog
          target={asking}
          refOf={refOf}
          name={name}
          onClose={() => setAsking(null)}
          onDone={() => {
            setAsking(null);
            // The job has moved on (to the evaluator, back to the owner, or closed): back to the list of jobs.
            void navigate('/job-management/objects');
          }}
        />
      ) : null}
    </>
  );
}
