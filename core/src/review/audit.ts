import { ANSWERING_ROLES } from '../answering/submission.ts';
import { Role, roleName, type RoleName } from '../identity/roles.ts';
import type { GroupTransition, GroupTransitionKind } from '../object-groups/group-rules.ts';
import { REVIEWER_ROLES } from './testers.ts';
import type { Transition, TransitionKind } from './transitions.ts';

/**
 * Why a state changed, as the audit log says it (texts `audit-reason-{reason}` in review-messages.ts): one
 * reason per transition of DOMAIN.md §3 and §4; a decline that is the third reads definitely-declined.
 */
export const AUDIT_REASONS = [
  'submitted',
  'resubmitted-after-decline',
  'resubmitted-with-documents',
  'sent-to-evaluation',
  'declined',
  'definitely-declined',
  'evidence-requested',
  'closed',
  'expired',
  'group-submitted',
  'group-review-passed',
  'group-review-failed',
  'group-accepted',
  'group-declined',
] as const;
export type AuditReason = (typeof AUDIT_REASONS)[number];
export const auditReasonKey = (reason: AuditReason): `audit-reason-${AuditReason}` => `audit-reason-${reason}`;

const REASONS: Record<TransitionKind | GroupTransitionKind, AuditReason> = {
  submit: 'submitted',
  resubmitAfterDecline: 'resubmitted-after-decline',
  resubmitFromVerification: 'resubmitted-with-documents',
  toEvaluation: 'sent-to-evaluation',
  toDeclined: 'declined',
  toVerification: 'evidence-requested',
  toClosed: 'closed',
  expire: 'expired',
  submitGroup: 'group-submitted',
  groupReviewPassed: 'group-review-passed',
  groupReviewFailed: 'group-review-failed',
  acceptGroup: 'group-accepted',
  declineGroup: 'group-declined',
};

export const auditReason = (t: Transition | GroupTransition): AuditReason =>
  t.kind === 'toDeclined' && t.to === 'DefinitelyDeclined' ? 'definitely-declined' : REASONS[t.kind];

const OWNER_OR_ADMIN: readonly Role[] = [Role.ObjectAdministrator, Role.AccountAdministrator];
const EVALUATOR: readonly Role[] = [Role.Evaluator];

/** The roles a change is made in, in the order the log names the first one the actor holds; none: the system's clock. */
const actingRoles = (t: Transition | GroupTransition): readonly Role[] => {
  switch (t.kind) {
    case 'submit':
    case 'resubmitAfterDecline':
    case 'resubmitFromVerification':
      return ANSWERING_ROLES;
    case 'toEvaluation':
    case 'toVerification':
    case 'groupReviewPassed':
    case 'groupReviewFailed':
      return REVIEWER_ROLES;
    case 'toDeclined':
      return t.from === 'Evaluation' ? EVALUATOR : REVIEWER_ROLES;
    case 'toClosed':
    case 'acceptGroup':
    case 'declineGroup':
      return EVALUATOR;
    case 'submitGroup':
      return OWNER_OR_ADMIN;
    case 'expire':
      return [];
  }
};

/** Who made a change: a user (id, name as shown then, roles held) or the system (userId null). */
export interface AuditActor {
  userId: number | null;
  name: string;
  roles: readonly Role[];
}

/**
 * One row of the append-only audit log (issue 14; DOMAIN.md §3 "who, when, from, to"): who, in which role, when,
 * from which state to which, why, and the answers the change touched (question ids). A group submission also
 * records its seed and sample, so that anyone can redraw it. Nothing edits or deletes a row.
 */
export interface AuditEntry {
  subject: 'questionnaire' | 'group';
  actorUserId: number | null;
  actorName: string;
  /** The role the change was made in (the first the actor holds of those allowed to make it); null for the system. */
  role: RoleName | null;
  at: Date;
  from: string;
  to: string;
  reason: AuditReason;
  answersTouched: number[];
  sample?: { seed: number; assetIds: number[] };
}

const isGroupTransition = (t: Transition | GroupTransition): t is GroupTransition =>
  (['submitGroup', 'groupReviewPassed', 'groupReviewFailed', 'acceptGroup', 'declineGroup'] as const).includes(t.kind as GroupTransitionKind);

/** The audit row of an accepted change, made by `actor` at `at` (the caller's clock). */
export const auditEntry = (transition: Transition | GroupTransition, actor: AuditActor, at: Date): AuditEntry => {
  const role = actingRoles(transition).find((r) => actor.roles.includes(r));
  const group = isGroupTransition(transition);
  const entry: AuditEntry = {
    subject: group ? 'group' : 'questionnaire',
    actorUserId: actor.userId,
    actorName: actor.name,
    role: role === undefined ? null : roleName(role),
    at,
    from: transition.from,
    to: transition.to,
    reason: auditReason(transition),
    answersTouched: group ? [] : [...new Set((transition.answerUpdates ?? []).map((u) => u.questionId))].sort((a, b) => a - b),
  };
  if (group && transition.seed !== undefined && transition.sampledAssetIds) entry.sample = { seed: transition.seed, assetIds: [...transition.sampledAssetIds] };
  return entry;
};

/** The system as the actor of changes nobody asks for (expiry). */
export const SYSTEM_ACTOR: AuditActor = { userId: null, name: 'system', roles: [] };
