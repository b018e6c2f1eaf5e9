// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { renderUi } from '../../testing/render.tsx';
import type { FilledQuestionnaire } from './answering-api.ts';
import { AnsweringContext, type AnsweringSession } from './answering-context.ts';
import { QuestionCard } from './question-card.tsx';
import { energyQuestion, filledQuestionnaire, strategyQuestion } from './test-questionnaire.ts';

/*
 * Next year's questionnaire (issue 22): a value question starts empty and shows last year's figure beside the input,
 * in the user's locale and with its unit; nothing is put into the input.
 */

const render = async (filled: FilledQuestionnaire, question = energyQuestion, language: Language = 'de') => {
  const session: AnsweringSession = {
    filled,
    route: { assetId: 7, isBuyerAsset: false, qid: 5 },
    ref: { assetId: 7, isBuyerAsset: false },
    actor: { userId: 3, userName: 'collector', roles: [Role.ObjectDataCollector], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
    language,
    object: null,
    mayAct: true,
    lockedByOther: false,
    readOnly: false,
    lockHolder: null,
    answerOf: () => undefined,
    nodeProgress: () => undefined,
    save: async () => undefined,
    statusOf: () => undefined,
    openDetails: () => undefined,
    refresh: async () => undefined,
  };
  return renderUi(<AnsweringContext value={session}><QuestionCard question={question} active={false} /></AnsweringContext>, { language });
};

const lastYear = { assetQuestionnaireId: 4, reportingYear: 2025, values: [{ questionId: energyQuestion.id!, inputAnswer: 1234.5 }] };

describe("last year's figure beside a value question (issue 22)", () => {
  it('shows it in German with the unit, and leaves the input empty', async () => {
    await render(filledQuestionnaire({ lastYear }));
    expect(screen.getByText('Vorjahr 2025: 1.234,5 kWh/m²/a')).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');
  });

  it('shows it in English', async () => {
    await render(filledQuestionnaire({ lastYear }), energyQuestion, 'en');
    expect(screen.getByText('Last year 2025: 1,234.5 kWh/m²/a')).toBeTruthy();
  });

  it('shows nothing for a questionnaire that was not started as next year, nor on a choice question', async () => {
    await render(filledQuestionnaire());
    expect(screen.queryByText(/Vorjahr/)).toBeNull();
    await render(filledQuestionnaire({ lastYear: { ...lastYear, values: [{ questionId: strategyQuestion.id!, inputAnswer: 1 }] } }), strategyQuestion);
    expect(screen.queryByText(/Vorjahr/)).toBeNull();
  });
});
