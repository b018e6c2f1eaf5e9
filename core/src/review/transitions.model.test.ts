// The filled questionnaire's state machine, driven by random sequences of actions of every person (DOMAIN.md §3):
// every sequence leaves the questionnaire in a state the model allows, and a refused action changes nothing.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { isAnswerable } from '../answering/answer-rules.ts';
import { ASSET_QUESTIONNAIRE_STATES, type AssetQuestionnaireState } from '../answering/answers.ts';
import { mayChangeDocuments } from '../answering/documents.ts';
import { mayAnswer } from '../answering/submission.ts';
import { ANSWER_DECISIONS, DECISION_MARKS, reviewAnswer, reviewCounts, type AnswerDecision, type AnswerUpdate, type ReviewAnswer } from './answer-review.ts';
import { actorOf, answerAll, ASSET, PERSON_NAMES, personOrStateCode, reviewStructure, type Person } from './arbitraries/review.ts';
import { decideStateChange, DECLINE_LIMIT, expire, validUntil, type QuestionnaireFacts, type Transition } from './transitions.ts';

/** The graph of DOMAIN.md §3, written out: where each state may go. */
const EDGES: Record<AssetQuestionnaireState, AssetQuestionnaireState[]> = {
  Active: ['Review'],
  Review: ['Evaluation', 'Declined', 'DefinitelyDeclined', 'Verification'],
  Evaluation: ['Closed', 'Declined', 'DefinitelyDeclined'],
  Declined: ['Review'],
  Verification: ['Review'],
  Closed: ['Expired'],
  DefinitelyDeclined: [],
  Expired: [],
};

const STRUCTURE = reviewStructure(4, 1);
const REQUIRED = 2;
const EVALUATED_ON = '2025-06-01';

/** The questionnaire as the server would hold it, changed only through core's answers. */
interface Real {
  state: AssetQuestionnaireState;
  declineCount: number;
  answers: ReviewAnswer[];
}

/** What the model knows: the state and the declines, predicted from the graph alone. */
interface Model {
  state: AssetQuestionnaireState;
  declines: number;
  reached: Set<AssetQuestionnaireState>;
}

const factsOf = (r: Real, who: Person): QuestionnaireFacts => ({
  actor: actorOf(who),
  asset: ASSET,
  state: r.state,
  structure: STRUCTURE,
  answers: r.answers,
  declineCount: r.declineCount,
  numberOfReviewedAnswers: REQUIRED,
});

const snapshot = (r: Real): Real => structuredClone(r);

const applyUpdates = (r: Real, updates: readonly AnswerUpdate[] = []) => {
  for (const u of updates) {
    const a = r.answers.find((x) => x.questionId === u.questionId)!;
    a.state = u.state;
    a.reviewStatus = u.reviewStatus;
    if (u.evidenceRequested) a.evidenceRequested = true;
  }
};

const applyTransition = (r: Real, t: Transition) => {
  r.state = t.to;
  if (t.declineCount !== undefined) r.declineCount = t.declineCount;
  if (t.resetChangedSinceDecline) for (const a of r.answers) a.changedSinceDecline = false;
  applyUpdates(r, t.answerUpdates);
};

/** The marks a state and a review status may show together (spec 02 §3). */
const consistentMarks = (a: ReviewAnswer): boolean => {
  switch (a.state) {
    case 'ReviewAccepted':
    case 'EvaluationAccepted':
      return a.reviewStatus === 'Approved';
    case 'Declined':
      return a.reviewStatus === 'Rejected';
    case 'Verification':
      return a.reviewStatus === 'Unchecked';
    case 'Answered':
    case null:
      // A rejected answer the owner changed keeps "Rejected" until it is resubmitted.
      return a.reviewStatus !== 'Approved';
  }
};

const checkInvariants = (m: Model, r: Real) => {
  expect(r.state).toBe(m.state);
  expect(r.declineCount).toBe(m.declines);
  expect(r.declineCount).toBeLessThanOrEqual(DECLINE_LIMIT);
  if (r.state === 'DefinitelyDeclined') expect(r.declineCount).toBe(DECLINE_LIMIT);
  for (const a of r.answers) expect(consistentMarks(a), JSON.stringify(a)).toBe(true);
};

class ChangeState implements fc.Command<Model, Real> {
  constructor(
    readonly target: AssetQuestionnaireState,
    readonly who: Person,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const before = snapshot(r);
    const facts = factsOf(r, this.who);
    const counts = reviewCounts(STRUCTURE, r.answers, REQUIRED);
    const decided = decideStateChange(this.target, facts);
    const predicted = personOrStateCode(this.target, this.who, m.state);
    if (predicted !== null) {
      expect(decided).toEqual(E.left({ code: predicted }));
    }
    if (E.isLeft(decided)) {
      expect(r).toEqual(before);
    } else {
      const t = decided.right;
      expect(EDGES[m.state]).toContain(t.to);
      if (this.target === 'Declined') {
        m.declines += 1;
        expect(t.to).toBe(m.declines >= DECLINE_LIMIT ? 'DefinitelyDeclined' : 'Declined');
      } else {
        expect(t.to).toBe(this.target);
      }
      if (t.to === 'Evaluation') {
        // Exactly the required number reviewed, all accepted, when the tester sent it on.
        expect(counts.reviewed).toBe(counts.required);
        expect(counts.accepted).toBe(counts.reviewed);
      }
      if (t.to === 'Closed') expect(r.answers.filter((a) => a.evidenceRequested).every((a) => a.state === 'ReviewAccepted' || a.state === 'EvaluationAccepted')).toBe(true);
      applyTransition(r, t);
      m.state = t.to;
      m.reached.add(t.to);
    }
    checkInvariants(m, r);
  }
  toString = () => `${this.who} asks for ${this.target}`;
}

class Decide implements fc.Command<Model, Real> {
  constructor(
    readonly questionId: number,
    readonly decision: AnswerDecision,
    readonly who: Person,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const before = snapshot(r);
    const decided = reviewAnswer(factsOf(r, this.who), this.questionId, this.decision);
    if (E.isLeft(decided)) {
      expect(r).toEqual(before);
    } else {
      // Only the assigned tester in Review or the evaluator in Evaluation decide on answers.
      expect(this.who === 'assignedTester' ? m.state === 'Review' : this.who === 'evaluator' && m.state === 'Evaluation').toBe(true);
      expect(decided.right).toMatchObject(DECISION_MARKS[this.decision]);
      const reviewedBefore = reviewCounts(STRUCTURE, r.answers, REQUIRED).reviewed;
      applyUpdates(r, [decided.right]);
      expect(r.state).toBe(before.state);
      // The tester never overshoots: new decisions stop at the required number.
      if (this.who === 'assignedTester' && reviewedBefore <= REQUIRED) expect(reviewCounts(STRUCTURE, r.answers, REQUIRED).reviewed).toBeLessThanOrEqual(REQUIRED);
    }
    checkInvariants(m, r);
  }
  toString = () => `${this.who} decides ${this.decision} on ${this.questionId}`;
}

/** The owner changes (or clears) an answer where answering allows it, as the save route does. */
class Edit implements fc.Command<Model, Real> {
  constructor(
    readonly questionId: number,
    readonly who: Person,
    readonly clear: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const a = r.answers.find((x) => x.questionId === this.questionId)!;
    const before = snapshot(r);
    if (mayAnswer(actorOf(this.who), ASSET) && isAnswerable(r.state, a.state)) {
      const next = this.clear ? [] : [a.multipleChoiceOption[0] === this.questionId * 10 + 1 ? this.questionId * 10 + 2 : this.questionId * 10 + 1];
      a.multipleChoiceOption = next;
      a.state = next.length === 0 ? null : 'Answered';
      if (r.state === 'Declined') a.changedSinceDecline = true;
      expect(['Active', 'Declined']).toContain(m.state);
    } else {
      expect(r).toEqual(before);
    }
    checkInvariants(m, r);
  }
  toString = () => `${this.who} ${this.clear ? 'clears' : 'changes'} ${this.questionId}`;
}

class Upload implements fc.Command<Model, Real> {
  constructor(
    readonly questionId: number,
    readonly who: Person,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    if (mayAnswer(actorOf(this.who), ASSET) && mayChangeDocuments(r.state)) r.answers.find((x) => x.questionId === this.questionId)!.documentCount += 1;
    checkInvariants(m, r);
  }
  toString = () => `${this.who} uploads a document to ${this.questionId}`;
}

class Expire implements fc.Command<Model, Real> {
  constructor(readonly today: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    const before = snapshot(r);
    const decided = expire(r.state, validUntil(EVALUATED_ON), this.today);
    if (E.isRight(decided)) {
      expect(m.state).toBe('Closed');
      expect(this.today > '2026-05-31').toBe(true);
      applyTransition(r, decided.right);
      m.state = 'Expired';
      m.reached.add('Expired');
    } else {
      expect(r).toEqual(before);
    }
    checkInvariants(m, r);
  }
  toString = () => `the clock reads ${this.today}`;
}

const anyone = fc.constantFrom<Person>(...PERSON_NAMES);
/** Mostly the person who may do it, sometimes anyone (whose attempt must then be refused and change nothing). */
const mostly = (...people: Person[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...people) }, { weight: 1, arbitrary: anyone });
const rightPeople = (target: AssetQuestionnaireState | AnswerDecision): Person[] => {
  switch (target) {
    case 'Review':
    case 'Active':
      return ['collector', 'objectAdministrator', 'prospectiveBuyer'];
    case 'Evaluation':
    case 'Verification':
    case 'accept':
    case 'reject':
    case 'requestEvidence':
    case 'unreview':
      return ['assignedTester'];
    case 'Declined':
      return ['assignedTester', 'evaluator'];
    default:
      return ['evaluator'];
  }
};
const questionId = fc.integer({ min: 1, max: 5 });
// Weighted towards the steps that move a questionnaire on, so that random walks reach every state.
const target = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<AssetQuestionnaireState>('Review', 'Evaluation', 'Closed') },
  { weight: 2, arbitrary: fc.constantFrom<AssetQuestionnaireState>('Declined', 'Verification') },
  { weight: 1, arbitrary: fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES) },
);
const decision = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<AnswerDecision>('accept', 'evaluationAccept') },
  { weight: 2, arbitrary: fc.constantFrom<AnswerDecision>('reject', 'evaluationDecline') },
  { weight: 2, arbitrary: fc.constantFrom(...ANSWER_DECISIONS) },
);
const changeState = target.chain((t) => mostly(...rightPeople(t)).map((p) => new ChangeState(t, p)));
const decide = fc.tuple(questionId, decision).chain(([q, d]) => mostly(...rightPeople(d)).map((p) => new Decide(q, d, p)));
const commands = fc.commands(
  [
    changeState,
    changeState,
    decide,
    decide,
    decide,
    fc.tuple(questionId, mostly('collector'), fc.constantFrom(false, false, false, true)).map(([q, p, c]) => new Edit(q, p, c)),
    fc.tuple(questionId, mostly('collector')).map(([q, p]) => new Upload(q, p)),
    fc.constantFrom('2026-05-31', '2026-06-01', '2027-01-01').map((d) => new Expire(d)),
  ],
  { maxCommands: 150, size: 'max' },
);

describe('the filled questionnaire as a state machine (model-based)', () => {
  it('every sequence of actions by any person leaves the questionnaire in a state the model allows; refused actions change nothing', () => {
    const reachedIn = new Map<AssetQuestionnaireState, number>();
    fc.assert(
      fc.property(fc.boolean(), commands, (declinedTwice, cmds) => {
        // A fresh questionnaire, or one that a tester has declined twice already (rejecting answer 1 the second time).
        const start: AssetQuestionnaireState = declinedTwice ? 'Declined' : 'Active';
        const answers = answerAll(STRUCTURE).map((a) => (declinedTwice && a.questionId === 1 ? { ...a, state: 'Declined' as const, reviewStatus: 'Rejected' as const } : a));
        const model: Model = { state: start, declines: declinedTwice ? 2 : 0, reached: new Set() };
        const real: Real = { state: start, declineCount: model.declines, answers };
        fc.modelRun(() => ({ model, real }), cmds);
        for (const state of model.reached) reachedIn.set(state, (reachedIn.get(state) ?? 0) + 1);
      }),
      { numRuns: 200 },
    );
    // The random walks get everywhere, so that the property above is not vacuous.
    for (const state of ['Review', 'Evaluation', 'Declined', 'Verification', 'Closed', 'DefinitelyDeclined', 'Expired'] as const) expect(reachedIn.get(state) ?? 0, state).toBeGreaterThan(0);
  }, 60_000);
});
