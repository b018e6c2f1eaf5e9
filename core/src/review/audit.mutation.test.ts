// The audit log's role and answers for every kind of change (issue 14, DOMAIN.md §3, §4), as a table a reviewer
// can check line by line (issue 15: the mutation score of the review module).
import { describe, expect, it } from 'vitest';
import { Role, type RoleName } from '../identity/roles.ts';
import { AUDIT_REASONS, auditEntry, auditReason, auditReasonKey, type AuditActor } from './audit.ts';
import type { GroupTransition } from '../object-groups/group-rules.ts';
import type { Transition } from './transitions.ts';

const at = new Date('2026-03-01T08:00:00Z');
/** Someone holding every role, so that the role named is the first of those the change is made in. */
const everyone: AuditActor = { userId: 1, name: 'All Roles', roles: Object.values(Role) };
const nobody: AuditActor = { userId: 2, name: 'No Role', roles: [Role.BillingManager] };

const change = (kind: Transition['kind'], from: Transition['from'], to: Transition['to']): Transition => ({ kind, from, to });
const groupChange = (kind: GroupTransition['kind'], from: GroupTransition['from'], to: GroupTransition['to']): GroupTransition => ({ kind, from, to });

describe('the role a change is made in, for someone holding every role', () => {
  it.each<[Transition | GroupTransition, RoleName | null, string]>([
    [change('submit', 'Active', 'Review'), 'ObjectAdministrator', 'submitted'],
    [change('resubmitAfterDecline', 'Declined', 'Review'), 'ObjectAdministrator', 'resubmitted-after-decline'],
    [change('resubmitFromVerification', 'Verification', 'Review'), 'ObjectAdministrator', 'resubmitted-with-documents'],
    [change('toEvaluation', 'Review', 'Evaluation'), 'InternalTester', 'sent-to-evaluation'],
    [change('toVerification', 'Review', 'Verification'), 'InternalTester', 'evidence-requested'],
    [change('toDeclined', 'Review', 'Declined'), 'InternalTester', 'declined'],
    [change('toDeclined', 'Evaluation', 'Declined'), 'Evaluator', 'declined'],
    [change('toDeclined', 'Evaluation', 'DefinitelyDeclined'), 'Evaluator', 'definitely-declined'],
    [change('toClosed', 'Evaluation', 'Closed'), 'Evaluator', 'closed'],
    [change('expire', 'Closed', 'Expired'), null, 'expired'],
    [groupChange('submitGroup', 'Active', 'Review'), 'ObjectAdministrator', 'group-submitted'],
    [groupChange('groupReviewPassed', 'Review', 'ReviewPassed'), 'InternalTester', 'group-review-passed'],
    [groupChange('groupReviewFailed', 'Review', 'ReviewFailed'), 'InternalTester', 'group-review-failed'],
    [groupChange('acceptGroup', 'ReviewPassed', 'Closed'), 'Evaluator', 'group-accepted'],
    [groupChange('declineGroup', 'ReviewFailed', 'Active'), 'Evaluator', 'group-declined'],
  ])('%o is made as %s, for the reason %s', (transition, role, reason) => {
    expect(auditEntry(transition, everyone, at)).toMatchObject({ role, reason, from: transition.from, to: transition.to });
    expect(auditEntry(transition, nobody, at).role).toBeNull();
  });

  it('the first role the actor holds in the order of the change’s roles: a collector and buyer submits as collector', () => {
    const both: AuditActor = { userId: 3, name: 'C', roles: [Role.ProspectiveBuyer, Role.ObjectDataCollector] };
    expect(auditEntry(change('submit', 'Active', 'Review'), both, at).role).toBe('ObjectDataCollector');
    const admin: AuditActor = { userId: 4, name: 'A', roles: [Role.AccountAdministrator] };
    expect(auditEntry(groupChange('submitGroup', 'Active', 'Review'), admin, at).role).toBe('AccountAdministrator');
    const external: AuditActor = { userId: 5, name: 'E', roles: [Role.ExternalAccreditedTester] };
    expect(auditEntry(groupChange('groupReviewFailed', 'Review', 'ReviewFailed'), external, at).role).toBe('ExternalAccreditedTester');
  });

  it('every reason has its text key', () => {
    expect(AUDIT_REASONS.map(auditReasonKey)).toContain('audit-reason-definitely-declined');
    expect(auditReasonKey('closed')).toBe('audit-reason-closed');
    expect(auditReason(change('toDeclined', 'Review', 'Declined'))).toBe('declined');
  });
});

describe('the answers and the sample an entry records', () => {
  it('each answer touched once, in ascending order of question id', () => {
    const t: Transition = {
      ...change('resubmitAfterDecline', 'Declined', 'Review'),
      answerUpdates: [10, 2, 33, 2].map((questionId) => ({ questionId, state: 'Answered' as const, reviewStatus: 'Unchecked' as const })),
    };
    expect(auditEntry(t, everyone, at).answersTouched).toEqual([2, 10, 33]);
  });

  it('a questionnaire change without answer updates touches none, and records no sample', () => {
    const entry = auditEntry(change('toClosed', 'Evaluation', 'Closed'), everyone, at);
    expect(entry).toEqual({ subject: 'questionnaire', actorUserId: 1, actorName: 'All Roles', role: 'Evaluator', at, from: 'Evaluation', to: 'Closed', reason: 'closed', answersTouched: [] });
  });

  it('a group change touches no answers; only a submission with its seed and sample records them (a seed of 0 too)', () => {
    const outcome = auditEntry(groupChange('groupReviewPassed', 'Review', 'ReviewPassed'), everyone, at);
    expect(outcome).toEqual({ subject: 'group', actorUserId: 1, actorName: 'All Roles', role: 'InternalTester', at, from: 'Review', to: 'ReviewPassed', reason: 'group-review-passed', answersTouched: [] });
    const ids = [3, 1];
    const submitted = auditEntry({ ...groupChange('submitGroup', 'Active', 'Review'), seed: 0, sampledAssetIds: ids }, everyone, at);
    expect(submitted.sample).toEqual({ seed: 0, assetIds: [3, 1] });
    expect(submitted.sample!.assetIds).not.toBe(ids);
    expect(auditEntry({ ...groupChange('submitGroup', 'Active', 'Review'), sampledAssetIds: ids }, everyone, at)).not.toHaveProperty('sample');
    expect(auditEntry({ ...groupChange('submitGroup', 'Active', 'Review'), seed: 5 }, everyone, at)).not.toHaveProperty('sample');
  });
});
