// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import type { OutlierFlag } from './answering-api.ts';
import { AnsweringContext, type AnsweringSession } from './answering-context.ts';
import { CheckOutliers, SubmitOutliers } from './outlier-flags.tsx';
import { QuestionCard } from './question-card.tsx';
import { answer, energyQuestion, filledQuestionnaire } from './test-questionnaire.ts';

/*
 * Plausibility checks (issue 40): the flag beside the figure in plain words, "Explain" with the spec-style error
 * texts, the submit dialog's open flags and the check screen's list with explanations, open ones first.
 */

const api = vi.hoisted(() => ({ fetchOutliers: vi.fn(), explainOutlier: vi.fn() }));
vi.mock(import('./answering-api.ts'), async (original) => ({ ...(await original()), ...api }));

const intensity: OutlierFlag = {
  questionId: energyQuestion.id!,
  kpi: 'energy',
  type: 'intensity',
  value: 510,
  reference: 150,
  deviation: 2.4,
  accepted: false,
  explanation: null,
  acceptedBy: null,
  acceptedAt: null,
  peers: { country: 'DE', assetClasses: ['OFF'] },
};
const lfl: OutlierFlag = { ...intensity, type: 'lfl', value: 58, reference: 100, deviation: -0.42, peers: null, accepted: true, explanation: 'Zwei Etagen standen leer.', acceptedBy: 'Carl Collector', acceptedAt: '2025-03-01T10:00:00.000Z' };

const filled = filledQuestionnaire({ answers: [answer(energyQuestion.id!, { inputAnswer: 510 })] });

const session = (language: Language, over: Partial<AnsweringSession> = {}): AnsweringSession => ({
  filled,
  route: { assetId: 7, isBuyerAsset: false, qid: filled.id },
  ref: { assetId: 7, isBuyerAsset: false },
  actor: { userId: 3, userName: 'collector', roles: [Role.ObjectDataCollector], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
  language,
  object: null,
  mayAct: true,
  lockedByOther: false,
  readOnly: false,
  lockHolder: null,
  answerOf: (id) => filled.answers.find((a) => a.questionId === id),
  nodeProgress: () => undefined,
  save: async () => undefined,
  statusOf: () => undefined,
  openDetails: () => undefined,
  refresh: async () => undefined,
  ...over,
});

const render = (ui: React.ReactElement, language: Language = 'de', over: Partial<AnsweringSession> = {}) => {
  const router = createMemoryRouter([{ path: '*', element: <AnsweringContext value={session(language, over)}>{ui}</AnsweringContext> }]);
  return renderUi(<RouterProvider router={router} />, { language });
};

beforeEach(() => {
  api.fetchOutliers.mockReset().mockResolvedValue([intensity, lfl]);
  api.explainOutlier.mockReset().mockResolvedValue({ ...intensity, accepted: true });
});

describe('a flag beside its figure', () => {
  it('says in German what it compares, and the explained one who explained it', async () => {
    await render(<QuestionCard question={energyQuestion} active={false} />);
    expect(await screen.findByText('3,4-mal so hoch wie der Durchschnitt für Büro in Deutschland (150 kWh/m²/a)')).toBeTruthy();
    expect(screen.getByText('42 % weniger als im Vorjahr (100 kWh/m²/a)')).toBeTruthy();
    expect(screen.getByText(/Begründet von Carl Collector am .*Zwei Etagen standen leer\./)).toBeTruthy();
    expect(api.fetchOutliers).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }, filled.id);
  });

  it('says it in English', async () => {
    await render(<QuestionCard question={energyQuestion} active={false} />, 'en');
    expect(await screen.findByText('3.4 times the average for Office in Germany (150 kWh/m²/a)')).toBeTruthy();
    expect(screen.getByText('42 % less than last year (100 kWh/m²/a)')).toBeTruthy();
  });

  it('explains an open flag: too short is refused with the text of the rule, a valid explanation is sent trimmed', async () => {
    const { user } = await render(<QuestionCard question={energyQuestion} active={false} />);
    await user.click(await screen.findByRole('button', { name: 'Begründen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auffälligen Wert begründen' });
    const field = within(dialog).getByRole('textbox', { name: /Begründung/ });
    await user.type(field, 'kurz');
    await user.click(within(dialog).getByRole('button', { name: 'Begründung speichern' }));
    expect(await within(dialog).findByText('Die Begründung muss mindestens 10 Zeichen lang sein.')).toBeTruthy();
    expect(api.explainOutlier).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '  Rechenzentrum im Erdgeschoss  ');
    await user.click(within(dialog).getByRole('button', { name: 'Begründung speichern' }));
    await waitFor(() => expect(api.explainOutlier).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }, filled.id, intensity, 'Rechenzentrum im Erdgeschoss'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's field text when it refuses", async () => {
    api.explainOutlier.mockRejectedValue(new ApiError(400, 'validation-error', 'Bitte überprüfen', [{ path: 'questionId', key: 'outlier-not-flagged', message: 'Für diese Frage besteht kein solcher Hinweis.' }]));
    const { user } = await render(<QuestionCard question={energyQuestion} active={false} />);
    await user.click(await screen.findByRole('button', { name: 'Begründen' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Begründung/ }), 'Rechenzentrum im Erdgeschoss');
    await user.click(within(dialog).getByRole('button', { name: 'Begründung speichern' }));
    expect(await within(dialog).findByText('Für diese Frage besteht kein solcher Hinweis.')).toBeTruthy();
  });

  it('offers no "Explain" where the screen is read-only', async () => {
    await render(<QuestionCard question={energyQuestion} active={false} />, 'de', { readOnly: true, mayAct: false });
    expect(await screen.findByText(/3,4-mal so hoch/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Begründen' })).toBeNull();
  });
});

describe('the lists', () => {
  it('the submit dialog lists the open flags with a link to the figure and says submitting is allowed', async () => {
    await render(<SubmitOutliers />);
    const link = await screen.findByRole('link', { name: 'V-2.1 Endenergieverbrauch gesamt' });
    expect(link.getAttribute('href')).toContain('/question/103');
    expect(screen.getByText('Sie können auch mit offenen Hinweisen einreichen; der Prüfer sieht sie.')).toBeTruthy();
    // Only the open flag: the explained one is not listed.
    expect(screen.queryByText(/weniger als im Vorjahr/)).toBeNull();
  });

  it('the submit dialog says nothing when every flag is explained', async () => {
    api.fetchOutliers.mockResolvedValue([lfl]);
    await render(<SubmitOutliers />);
    await waitFor(() => expect(api.fetchOutliers).toHaveBeenCalled());
    expect(screen.queryByText(/offenen Hinweisen/)).toBeNull();
  });

  it('the check screen lists every flag, open ones first, with the explanation and who gave it', async () => {
    await render(<CheckOutliers />, 'de', { readOnly: true, mayAct: false });
    const section = await screen.findByRole('region', { name: 'Auffällige Werte' });
    await within(section).findByText(/3,4-mal so hoch/);
    const items = within(section).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/3,4-mal so hoch.*\(offen\)/);
    expect(items[1]).toMatch(/42 % weniger als im Vorjahr.*Begründet von Carl Collector.*Zwei Etagen standen leer\./);
  });
});
