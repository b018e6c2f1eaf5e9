// The review texts of spec 02 §2, §5, §8 and DOMAIN.md §3, §4, in German and English, and that the catalogue holds them.
import { describe, expect, it } from 'vitest';
import { ANSWERING_MESSAGES } from '../answering/messages.ts';
import { ASSET_MESSAGES } from '../assets/messages.ts';
import { QUESTIONNAIRE_MESSAGES } from '../questionnaires/messages.ts';
import { message, MESSAGES } from '../shared/messages.ts';
import type { AnswerReviewRefusal } from './answer-review.ts';
import { AUDIT_REASONS, auditReasonKey } from './audit.ts';
import { GROUP_REFERENCE_DATE, groupChangeKey, type GroupCode } from '../object-groups/group-rules.ts';
import { REVIEW_MESSAGES } from './review-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the review texts', () => {
  it('every text exists in German and in English, with the same placeholders in both', () => {
    for (const [key, text] of Object.entries(REVIEW_MESSAGES)) {
      expect(text.de.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
      expect(text.de, key).not.toBe(text.en);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('the group changes have texts for the codes 0 to 7', () => {
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7] as const) expect(Object.keys(REVIEW_MESSAGES)).toContain(groupChangeKey(code as GroupCode | 0));
  });

  it('the completeness box names the reference date 31.12.2021 and the loss of the label (spec 02 §5)', () => {
    const text = REVIEW_MESSAGES['objectGroups-submit-completeness'];
    expect(text.en).toContain('all objects that were part of the group on the reference date 31.12.2021 are recorded with a completed questionnaire; wrong or missing objects lead to loss of the label');
    expect(text.de).toContain(GROUP_REFERENCE_DATE.split('-').reverse().join('.'));
    expect(text.de).toContain('Verlust des Labels');
  });

  it('the dialogs and errors of job management named by spec 02 §2 and §8 have texts', () => {
    for (const key of [
      'tasks-assignTester-error',
      'tasks-tester-fetch-error',
      'tasks-toEvaluation-error',
      'tasks-toClosed-error',
      'tasks-toDeclined-error',
      'tasks-toVerification-error',
      'submit-for-evaluation-group-modal-error',
      'evaluate-group-modal-error',
      'change-state-evaluation',
      'change-state-closed',
      'change-state-declined',
      'change-state-verification',
    ]) expect(Object.keys(REVIEW_MESSAGES)).toContain(key);
  });

  it('every refusal of a decision on an answer, and every audit reason, has a text', () => {
    const refusals: AnswerReviewRefusal[] = ['answer-review-not-allowed', 'answer-review-state', 'answer-review-not-sampled', 'answer-review-not-eligible', 'answer-review-limit'];
    for (const key of refusals) expect(Object.keys(REVIEW_MESSAGES)).toContain(key);
    for (const reason of AUDIT_REASONS) expect(Object.keys(REVIEW_MESSAGES)).toContain(auditReasonKey(reason));
  });

  it('generic failures end with "try again later"', () => {
    for (const [key, text] of Object.entries(REVIEW_MESSAGES).filter(([k]) => k.endsWith('-error') || k === 'objectGroups-change-0')) {
      expect(text.en, key).toMatch(/Please try again later\.$/);
      expect(text.de, key).toMatch(/Bitte versuchen Sie es später erneut\.$/);
    }
  });

  it('no key repeats one of another module, and the catalogue holds every review text unchanged', () => {
    const others = new Set([...Object.keys(QUESTIONNAIRE_MESSAGES), ...Object.keys(ANSWERING_MESSAGES), ...Object.keys(ASSET_MESSAGES)]);
    for (const [key, text] of Object.entries(REVIEW_MESSAGES)) {
      expect(others.has(key), key).toBe(false);
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toEqual(text);
    }
    expect(message('objectGroups-change-5', 'de')).toContain('Bruttogrundfläche');
  });
});
