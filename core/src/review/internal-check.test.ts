import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { ASSET_QUESTIONNAIRE_STATES, type AssetQuestionnaireState } from '../answering/answers.ts';
import { INTERNAL_CHECK_STATES, mayViewAsset, type AssetActor } from '../assets/asset-access.ts';
import { Role } from '../identity/roles.ts';
import { MESSAGES } from '../shared/messages.ts';
import { availableDecisions, mayOpenCheck, reviewCounts } from './answer-review.ts';
import { ACCEPTED, actorOf, answerAll, ASSET, factsFor, marked, REJECTED, reviewStructure, type Person } from './arbitraries/review.ts';
import {
  checkInternalNote,
  decideInternalMark,
  internallyChecked,
  INTERNAL_NOTE_MAX_LENGTH,
  mayCheckInternally,
  mayReadInternalMarks,
  type InternalCheckFacts,
  type InternalCheckRefusal,
} from './internal-check.ts';
import { availableTransitions } from './transitions.ts';

/** The owner's internal tester (organisation 1, the owner of object 10), and one of another organisation. */
const internalTester = (changes: Partial<AssetActor> = {}): AssetActor => ({ ...actorOf('collector'), userId: 20, roles: [Role.InternalTester], ...changes });
const foreignInternalTester = internalTester({ userId: 21, orgId: 2 });

const facts = (changes: Partial<InternalCheckFacts> = {}): InternalCheckFacts => {
  const structure = changes.structure ?? reviewStructure(3);
  return { actor: internalTester(), asset: { ...ASSET, status: changes.state ?? 'Review' }, state: 'Review', structure, answers: answerAll(structure), ...changes };
};

/** Written out from DOMAIN.md §1 and §3: from submission (Review) until closed. */
const SPAN: Record<AssetQuestionnaireState, boolean> = {
  Active: false,
  Review: true,
  Verification: true,
  Evaluation: true,
  Declined: true,
  Closed: false,
  DefinitelyDeclined: false,
  Expired: false,
};

describe('who sees what in the internal tester’s job list (DOMAIN.md §1)', () => {
  it.each(ASSET_QUESTIONNAIRE_STATES)('the owner’s internal tester sees and checks a questionnaire in %s exactly from submission until closed', (state) => {
    const asset = { ...ASSET, testerUserId: null, status: state };
    expect(mayViewAsset(internalTester(), asset)).toBe(SPAN[state]);
    expect(mayCheckInternally(internalTester(), asset, state)).toBe(SPAN[state]);
    expect(mayOpenCheck(internalTester(), asset, state)).toBe(SPAN[state]);
  });

  it('never shows an internal tester another organisation’s object, nor a finance partner’s internal tester anything', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), fc.integer({ min: 2, max: 9 }), (state, orgId) => {
        const asset = { ...ASSET, organisationId: orgId, testerUserId: null, status: state };
        expect(mayViewAsset(internalTester(), asset)).toBe(false);
        expect(mayCheckInternally(internalTester(), asset, state)).toBe(false);
        expect(mayViewAsset(internalTester({ orgId, orgFinance: true }), asset)).toBe(false);
      }),
    );
  });

  it('the internal check states are those of the span written out above', () => {
    expect([...INTERNAL_CHECK_STATES].sort()).toEqual(ASSET_QUESTIONNAIRE_STATES.filter((s) => SPAN[s]).sort());
  });
});

describe('who may write an internal mark', () => {
  it('only the owner’s internal tester, only in the span, only on an answered question', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), fc.boolean(), (state, checked) => {
        const decided = decideInternalMark(facts({ state }), 1, { checked, note: ' Zählerstand plausibel ' });
        expect(decided).toEqual(SPAN[state] ? E.right({ questionId: 1, checked, note: 'Zählerstand plausibel' }) : E.left('internal-check-state'));
      }),
    );
  });

  it.each<[string, AssetActor]>([
    ['the assigned tester', actorOf('assignedTester')],
    ['the collector', actorOf('collector')],
    ['the evaluator', actorOf('evaluator')],
    ['the account administrator', actorOf('accountAdministrator')],
    ['another organisation’s internal tester', foreignInternalTester],
  ])('refuses %s', (_who, actor) => {
    expect(decideInternalMark(facts({ actor }), 1, { checked: true })).toEqual(E.left('internal-check-not-allowed'));
  });

  it('refuses a question that is not answered, not in the structure, or computed', () => {
    const structure = reviewStructure(3);
    const answers = answerAll(structure).map((a) => (a.questionId === 2 ? { ...a, multipleChoiceOption: [] } : a));
    expect(decideInternalMark(facts({ structure, answers }), 2, { checked: true })).toEqual(E.left('internal-check-not-answered'));
    expect(decideInternalMark(facts(), 77, { checked: true })).toEqual(E.left('internal-check-not-answered'));
    expect(decideInternalMark(facts(), 900, { checked: true })).toEqual(E.left('internal-check-not-answered'));
    // An answer not relevant for review is still an answer the owner may check.
    expect(E.isRight(decideInternalMark(facts(), 4, { checked: false }))).toBe(true);
  });
});

describe('the note of an internal mark', () => {
  it('is optional, trimmed, empty as none, and at most 2000 characters as a reader counts them', () => {
    expect(checkInternalNote(undefined)).toEqual(E.right(null));
    expect(checkInternalNote('   ')).toEqual(E.right(null));
    expect(checkInternalNote(' ok ')).toEqual(E.right('ok'));
    expect(checkInternalNote('x'.repeat(INTERNAL_NOTE_MAX_LENGTH))).toEqual(E.right('x'.repeat(2000)));
    expect(checkInternalNote('📄'.repeat(2000))).toEqual(E.right('📄'.repeat(2000)));
    expect(checkInternalNote('x'.repeat(2001))).toEqual(E.left('internal-check-note-too-long'));
    expect(decideInternalMark(facts(), 1, { checked: true, note: 'x'.repeat(2001) })).toEqual(E.left('internal-check-note-too-long'));
  });

  it('any note up to 2000 characters is kept as written (trimmed), any longer one refused', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2100, unit: fc.constantFrom('a', 'ü', ' ', '\n', '€') }), (note) => {
        const trimmed = note.trim();
        const expected = trimmed.length > 2000 ? E.left('internal-check-note-too-long') : E.right(trimmed === '' ? null : trimmed);
        expect(checkInternalNote(note)).toEqual(expected);
      }),
    );
  });

  it('every refusal has a German and an English text', () => {
    const refusals: InternalCheckRefusal[] = ['internal-check-not-allowed', 'internal-check-state', 'internal-check-not-answered', 'internal-check-note-too-long'];
    for (const key of refusals) expect(MESSAGES[key]).toMatchObject({ de: expect.any(String), en: expect.any(String) });
  });
});

describe('who reads the internal marks', () => {
  it.each<[Person | 'internalTester' | 'foreignInternalTester', boolean]>([
    ['internalTester', true],
    ['assignedTester', true],
    ['collector', true],
    ['objectAdministrator', true],
    ['analyst', true],
    ['accountAdministrator', true],
    ['otherTester', false],
    ['evaluator', false],
    ['strangerCollector', false],
    ['foreignInternalTester', false],
  ])('%s: %s', (who, reads) => {
    const actor = who === 'internalTester' ? internalTester() : who === 'foreignInternalTester' ? foreignInternalTester : actorOf(who);
    expect(mayReadInternalMarks(actor, { ...ASSET, status: 'Evaluation' })).toBe(reads);
  });
});

describe('internal marks never count and never change a state', () => {
  it('the reviewed count, the tester’s decisions and the state changes are the same whatever the internal tester marks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Person>('assignedTester', 'evaluator', 'collector'),
        fc.constantFrom<AssetQuestionnaireState>('Review', 'Evaluation', 'Verification', 'Declined'),
        fc.array(fc.record({ questionId: fc.integer({ min: 1, max: 4 }), checked: fc.boolean(), note: fc.option(fc.string({ maxLength: 20 })) }), { maxLength: 8 }),
        (who, state, marks) => {
          const structure = reviewStructure(3);
          const answers = marked(answerAll(structure), { 1: ACCEPTED, 2: REJECTED });
          const before = factsFor(who, { structure, answers, state });
          const counts = reviewCounts(structure, answers);
          const transitions = availableTransitions(before);
          const decisions = [1, 2, 3].map((q) => availableDecisions(before, q));
          // The internal tester writes its marks; the answers the review rules read stay as they were.
          for (const m of marks) {
            const decided = decideInternalMark(facts({ structure, answers, state }), m.questionId, m);
            expect(E.isRight(decided)).toBe(true);
            if (E.isRight(decided)) expect(Object.keys(decided.right).sort()).toEqual(['checked', 'note', 'questionId']);
          }
          expect(reviewCounts(structure, answers)).toEqual(counts);
          expect(availableTransitions(before)).toEqual(transitions);
          expect([1, 2, 3].map((q) => availableDecisions(before, q))).toEqual(decisions);
        },
      ),
    );
  });

  it('the internal tester has no decision on an answer and no state change, whatever the state', () => {
    for (const state of ASSET_QUESTIONNAIRE_STATES) {
      const f = { ...factsFor('collector', { state }), actor: internalTester(), asset: { ...ASSET, status: state } };
      expect(availableTransitions(f)).toEqual([]);
      expect([1, 2, 3].flatMap((q) => availableDecisions(f, q))).toEqual([]);
    }
  });

  it('counts the internally checked marks, not the unchecked ones', () => {
    expect(internallyChecked([{ checked: true }, { checked: false }, { checked: true }])).toBe(2);
  });
});
