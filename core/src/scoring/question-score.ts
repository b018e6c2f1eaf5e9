import type { Question } from '../questionnaires/template.ts';
import { maxScoreOf } from '../questionnaires/template.ts';
import { classify } from './display.ts';
import { choicePoints, clamp } from './levels.ts';
import type { QuestionScore, ScoringAnswer } from './score-model.ts';
import { virtualResult, type VirtualContext, type VirtualResult } from './virtual-questions.ts';

/**
 * Scores one question (DOMAIN.md §5): a choice question the chosen option's points (the sum of the chosen, an exclusive
 * option alone), a virtual question its formula's (`virtualResult`, collected into `virtualQuestions` in tree order),
 * a value question none of its own; kept within 0 and the question's maximum; unanswered 0. A question counts where it
 * has a maximum above 0 and, if virtual, a result that could be computed.
 */
export const questionScorer =
  (answerOf: ReadonlyMap<number, ScoringAnswer>, ctx: VirtualContext, virtualQuestions: VirtualResult[]) =>
  (q: Question): QuestionScore => {
    const maximum = maxScoreOf(q);
    const stored = q.id === null ? undefined : answerOf.get(q.id);
    const answer = q.type === 'VirtualQuestion' || !stored ? null : { inputAnswer: stored.inputAnswer, multipleChoiceOption: stored.multipleChoiceOption };
    let raw: number | null = null;
    let virtual: VirtualResult | null = null;
    let computable = true;
    if (q.type === 'SingleChoice' || q.type === 'MultipleChoice') raw = answer ? choicePoints(q, answer.multipleChoiceOption) : null;
    else if (q.type === 'VirtualQuestion') {
      virtual = virtualResult(q, ctx);
      virtualQuestions.push(virtual);
      computable = virtual.status === 'computed' || virtual.status === 'unanswered';
      raw = virtual.status === 'computed' ? virtual.points : null;
    }
    const answered = q.type === 'ValueQuestion' ? ctx.valueOf(q) !== null : raw !== null;
    const counted = maximum > 0 && computable;
    const points = counted && raw !== null ? clamp(raw, 0, maximum) : 0;
    const ratio = counted ? points / maximum : null;
    return {
      points,
      maximum,
      ratio,
      classification: classify(ratio),
      questionId: q.id,
      staticTitle: q.staticTitle,
      type: q.type,
      scoreType: q.scoreType,
      taxonomyRelevant: q.taxonomyRelevant,
      answer,
      answered,
      counted,
      countedInFinance: counted && q.scoreType === 'Finance',
      virtual,
    };
  };
