// The append-only audit log of state changes: who, in which role, when, from, to, why, which answers (issue 14, DOMAIN.md §3).
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { Role } from '../identity/roles.ts';
import { ACCEPTED, answerAll, EVIDENCE, factsFor, marked, REJECTED, reviewStructure } from './arbitraries/review.ts';
import { auditEntry, auditReason, SYSTEM_ACTOR, type AuditActor } from './audit.ts';
import { evaluateGroup, type GroupTransition } from '../object-groups/group-rules.ts';
import { expire, toDeclined, toVerification, type Transition } from './transitions.ts';

const at = new Date('2026-02-03T10:00:00Z');
const right = <T>(r: E.Either<unknown, T>): T => {
  if (E.isLeft(r)) throw new Error('refused');
  return r.right;
};
const all = answerAll(reviewStructure(3));
const tester: AuditActor = { userId: 7, name: 'Tina Tester', roles: [Role.ObjectAnalyst, Role.ExternalAccreditedTester] };
const evaluator: AuditActor = { userId: 9, name: 'Eva Evaluator', roles: [Role.Evaluator, Role.InternalTester] };

describe('an audit entry', () => {
  it('names who, in which role, when, from, to, why and the answers touched', () => {
    const t = right(toVerification(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 2: EVIDENCE, 1: EVIDENCE, 3: ACCEPTED }) })));
    expect(auditEntry(t, tester, at)).toEqual({
      subject: 'questionnaire',
      actorUserId: 7,
      actorName: 'Tina Tester',
      role: 'ExternalAccreditedTester',
      at,
      from: 'Review',
      to: 'Verification',
      reason: 'evidence-requested',
      answersTouched: [1, 2],
    });
  });

  it('a decline in evaluation is the evaluator\'s, in review the tester\'s, even for someone holding both', () => {
    const both: AuditActor = { userId: 7, name: 'Both', roles: [Role.Evaluator, Role.ExternalAccreditedTester] };
    const inEvaluation = right(toDeclined(factsFor('evaluator', { state: 'Evaluation', answers: marked(all, { 1: REJECTED }) })));
    const inReview = right(toDeclined(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: REJECTED }) })));
    expect(auditEntry(inEvaluation, both, at).role).toBe('Evaluator');
    expect(auditEntry(inReview, both, at).role).toBe('ExternalAccreditedTester');
  });

  it('the third decline reads "definitely declined"', () => {
    const t = right(toDeclined(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: REJECTED }), declineCount: 2 })));
    expect(auditReason(t)).toBe('definitely-declined');
  });

  it('expiry is the system\'s, without a role', () => {
    const entry = auditEntry(right(expire('Closed', '2026-01-31', '2026-02-01')), SYSTEM_ACTOR, at);
    expect(entry).toMatchObject({ actorUserId: null, actorName: 'system', role: null, reason: 'expired', from: 'Closed', to: 'Expired', answersTouched: [] });
  });

  it('a group submission records its seed and sample, so that anyone can redraw it', () => {
    const t: GroupTransition = { kind: 'submitGroup', from: 'Active', to: 'Review', seed: 42, sampledAssetIds: [101, 104] };
    const admin: AuditActor = { userId: 2, name: 'Olga', roles: [Role.ObjectAdministrator] };
    expect(auditEntry(t, admin, at)).toMatchObject({ subject: 'group', role: 'ObjectAdministrator', reason: 'group-submitted', sample: { seed: 42, assetIds: [101, 104] } });
    expect(auditEntry(right(evaluateGroup('decline', 'ReviewFailed', evaluator)), evaluator, at)).toMatchObject({ subject: 'group', role: 'Evaluator', reason: 'group-declined', from: 'ReviewFailed', to: 'Active' });
  });

  it('does not share the transition\'s arrays', () => {
    const t: Transition = { kind: 'toVerification', from: 'Review', to: 'Verification', answerUpdates: [{ questionId: 3, state: 'Verification', reviewStatus: 'Unchecked', evidenceRequested: true }] };
    const entry = auditEntry(t, tester, at);
    entry.answersTouched.push(99);
    expect(t.answerUpdates).toHaveLength(1);
  });
});
