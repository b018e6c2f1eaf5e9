// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { Answer, AnswerInput, FilledQuestionnaire } from './answering-api.ts';
import { SectionPanel } from './answering-panels.tsx';
import { DataPanel } from './data-panel.tsx';
import { QuestionnairePage } from './questionnaire-page.tsx';
import { answer, filledQuestionnaire } from './test-questionnaire.ts';

/*
 * The answering screen with the server's answers stubbed: the lock (DOMAIN.md §7; spec 02 §2 "questionnaire
 * locked notice naming the current locker with OK"), saving per answer with its visible state, clearing an
 * answer, the retry after a failed save, progress, and the key to the next unanswered question.
 */

const api = vi.hoisted(() => ({
  fetchFilled: vi.fn(),
  lockQuestionnaire: vi.fn(),
  releaseLockOnExit: vi.fn(),
  saveAnswers: vi.fn(),
}));
vi.mock(import('./answering-api.ts'), async (original) => ({
  ...(await original()),
  fetchFilled: api.fetchFilled,
  lockQuestionnaire: api.lockQuestionnaire,
  releaseLockOnExit: api.releaseLockOnExit,
  saveAnswers: api.saveAnswers,
  fetchObjectSummary: async () => ({ id: 7, objectName: 'Bürohaus Mainzer Landstraße', organisationId: 1, assetGroupId: 3, assetGroupName: 'Portfolio Rhein-Main', canEdit: false, isBuyerAsset: false }),
  fetchRuns: async () => [],
  fetchChangeLog: async () => [],
}));

const internal = vi.hoisted(() => ({ marks: [] as { questionId: number; checked: boolean; note: string | null; checkedBy: string; checkedAt: string }[] }));
vi.mock(import('../review/review-api.ts'), async (original) => ({ ...(await original()), fetchInternalMarks: async () => internal.marks }));

const collector: Session = {
  token: 'token',
  claims: { sub: '4', userName: 'collector', role: '5', external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 4, userName: 'collector', roles: [Role.ObjectDataCollector], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
};
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => collector, getToken: () => 'token' }));

const base = '/asset-management/objects/7/false/questionnaire/5';
const sectionPath = `${base}/cluster/1/category/21/section/31`;

const open = async (path: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/asset-management/objects/:assetId/:isBuyerAsset/questionnaire/:questionnaireId',
        element: <QuestionnairePage />,
        children: [
          { path: 'data', element: <DataPanel /> },
          { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId', element: <SectionPanel /> },
          { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId/question/:questionId', element: <SectionPanel /> },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const rendered = await renderUi(<RouterProvider router={router} />);
  return { router, ...rendered };
};

/** What the server answers to a save: the answer as stored. */
const stored = (input: AnswerInput): Answer => ({ ...answer(input.questionId, input), state: input.inputAnswer === null && input.multipleChoiceOption.length === 0 ? null : 'Answered' });

let questionnaire: FilledQuestionnaire;
beforeEach(() => {
  questionnaire = filledQuestionnaire();
  api.fetchFilled.mockReset().mockImplementation(async () => questionnaire);
  api.lockQuestionnaire.mockReset().mockResolvedValue({ isLocked: true, currentLockerName: 'Carl Collector', lastActivity: new Date().toISOString() });
  api.releaseLockOnExit.mockReset();
  api.saveAnswers.mockReset().mockImplementation(async (_ref: unknown, inputs: AnswerInput[]) => ({ answers: inputs.map(stored), progress: questionnaire.progress }));
});

describe('the lock', () => {
  it('is taken on opening and given back on leaving', async () => {
    const { router } = await open(sectionPath);
    await waitFor(() => expect(api.lockQuestionnaire).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }, 5, true));
    await act(() => router.navigate('/elsewhere'));
    expect(api.lockQuestionnaire).toHaveBeenLastCalledWith({ assetId: 7, isBuyerAsset: false }, 5, false);
  });

  it('is given back when the page goes away (tab closed, reload), by a request that outlives the page', async () => {
    await open(sectionPath);
    await waitFor(() => expect(api.lockQuestionnaire).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }, 5, true));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Ja' }).hasAttribute('disabled')).toBe(false));
    expect(api.releaseLockOnExit).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(api.releaseLockOnExit).toHaveBeenCalledExactlyOnceWith({ assetId: 7, isBuyerAsset: false }, 5);
  });

  it("held by another user: the notice names the holder and the holder's last activity with an OK button, and the questionnaire opens read-only", async () => {
    const lastActivity = new Date(Date.now() - 2 * 60 * 1000 - 5000).toISOString();
    questionnaire = filledQuestionnaire({ lockedStatus: { isLocked: true, currentLockerName: 'Carl Collector', lastActivity } });
    api.lockQuestionnaire.mockRejectedValue(new ApiError(423, 'questionnaire-locked', 'Der Fragebogen wird gerade von Carl Collector bearbeitet.'));
    const { user } = await open(sectionPath);

    const notice = await screen.findByRole('dialog', { name: 'Fragebogen gesperrt' });
    expect(within(notice).getByText('Gesperrt von Carl Collector, zuletzt aktiv vor 2 Minuten. Sie können den Fragebogen nur ansehen.')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fragebogen gesperrt' })).toBeNull());

    // The page keeps naming the holder; nothing can be answered.
    expect(screen.getByText('Gesperrt von Carl Collector, zuletzt aktiv vor 2 Minuten. Sie können den Fragebogen nur ansehen.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Ja' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^DGNB/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /Endenergieverbrauch gesamt/ }) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Antwort löschen' })).toBeNull();
    expect(api.saveAnswers).not.toHaveBeenCalled();
  });
});

describe('saving answers', () => {
  it('saves one answer at a time with its own saved state, and the progress rises', async () => {
    const { user } = await open(sectionPath);
    await screen.findByText('ESG-Strategie', { selector: 'h2' });
    expect(screen.getAllByText('0 / 3 beantwortet').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('radio', { name: 'Teilweise' }));

    await waitFor(() => expect(api.saveAnswers).toHaveBeenCalledExactlyOnceWith({ assetId: 7, isBuyerAsset: false }, [{ questionId: 101, inputAnswer: null, multipleChoiceOption: [2] }]));
    const card = screen.getByRole('region', { name: 'Gibt es eine ESG-Strategie?' });
    await within(card).findByText(/^Gespeichert um \d\d:\d\d$/);
    expect(screen.getAllByText('1 / 3 beantwortet').length).toBeGreaterThan(0);
  });

  it('saves a value typed with a decimal comma when the field is left', async () => {
    await open(sectionPath);
    const field = await screen.findByRole('textbox', { name: 'Endenergieverbrauch gesamt Wert in kWh/m²/a' });
    fireEvent.change(field, { target: { value: '142,7' } });
    fireEvent.blur(field);
    await waitFor(() => expect(api.saveAnswers).toHaveBeenCalledWith(expect.anything(), [{ questionId: 103, inputAnswer: 142.7, multipleChoiceOption: [], provenance: 'measured' }]));
  });

  it('clears an answer: the save sends neither a number nor an option', async () => {
    questionnaire = filledQuestionnaire({ answers: [answer(101, { multipleChoiceOption: [1] })] });
    const { user } = await open(sectionPath);
    const card = await screen.findByRole('region', { name: 'Gibt es eine ESG-Strategie?' });
    await user.click(within(card).getByRole('button', { name: 'Antwort löschen' }));
    await waitFor(() => expect(api.saveAnswers).toHaveBeenCalledWith(expect.anything(), [{ questionId: 101, inputAnswer: null, multipleChoiceOption: [] }]));
    await waitFor(() => expect((within(card).getByRole('radio', { name: 'Ja' }) as HTMLInputElement).checked).toBe(false));
    expect(within(card).queryByRole('button', { name: 'Antwort löschen' })).toBeNull();
  });

  it('a failed save says so with the reason and a retry that sends it again', async () => {
    api.saveAnswers.mockRejectedValueOnce(new ApiError(500, 'server-error', 'Serverfehler'));
    const { user } = await open(sectionPath);
    await user.click(await screen.findByRole('radio', { name: 'Nein' }));
    const card = screen.getByRole('region', { name: 'Gibt es eine ESG-Strategie?' });
    await within(card).findByText(/^Nicht gespeichert: /);
    await user.click(within(card).getByRole('button', { name: 'Erneut versuchen' }));
    await within(card).findByText(/^Gespeichert um/);
    expect(api.saveAnswers).toHaveBeenCalledTimes(2);
    expect(api.saveAnswers).toHaveBeenLastCalledWith(expect.anything(), [{ questionId: 101, inputAnswer: null, multipleChoiceOption: [3] }]);
  });

  it('a save refused with 423 turns the page read-only and names who holds the lock now', async () => {
    api.saveAnswers.mockRejectedValueOnce(new ApiError(423, 'questionnaire-locked', 'gesperrt'));
    api.fetchFilled.mockImplementation(async () => filledQuestionnaire({ lockedStatus: { isLocked: true, currentLockerName: 'Olga Objekt' } }));
    const { user } = await open(sectionPath);
    await user.click(await screen.findByRole('radio', { name: 'Nein' }));
    await screen.findByText(/Olga Objekt bearbeitet den Fragebogen jetzt\./);
    expect((screen.getByRole('radio', { name: 'Ja' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the next unanswered question', () => {
  it('is one key away (Alt+N) and takes the focus', async () => {
    questionnaire = filledQuestionnaire({ answers: [answer(101, { multipleChoiceOption: [1] })] });
    const { router } = await open(`${base}/data`);
    await screen.findByRole('heading', { name: 'Daten' });
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${sectionPath}/question/102`));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /^DGNB/ })));
  });

  it('"n" outside a text field does the same; inside one it is a letter', async () => {
    const { router } = await open(sectionPath);
    const field = await screen.findByRole('textbox', { name: /Endenergieverbrauch gesamt/ });
    fireEvent.keyDown(field, { key: 'n', code: 'KeyN' });
    expect(router.state.location.pathname).toBe(sectionPath);
    fireEvent.keyDown(document.body, { key: 'n', code: 'KeyN' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${sectionPath}/question/101`));
  });
});

describe("the owner's internal check (DOMAIN.md §1)", () => {
  it('shows the internal tester’s mark and note beside the answer, read only and labelled as the owner’s internal check', async () => {
    questionnaire = filledQuestionnaire({ assetQuestionnaireState: 'Review', canEdit: false, answers: [answer(101, { multipleChoiceOption: [1] })] });
    internal.marks = [{ questionId: 101, checked: false, note: 'Beleg fehlt noch.', checkedBy: 'Ina Intern', checkedAt: '2026-11-29T10:00:00Z' }];
    await open(sectionPath);
    const note = await screen.findByRole('note', { name: 'Interne Prüfung des Eigentümers' });
    expect(within(note).getByText('Nicht intern geprüft')).toBeTruthy();
    expect(within(note).getByText('Beleg fehlt noch.')).toBeTruthy();
    expect(within(note).getByText(/^Ina Intern, /)).toBeTruthy();
    expect(screen.getAllByRole('note', { name: 'Interne Prüfung des Eigentümers' })).toHaveLength(1);
    internal.marks = [];
  });
});
