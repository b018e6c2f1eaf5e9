// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { Answer } from '../answering/answering-api.ts';
import { SectionPanel } from '../answering/answering-panels.tsx';
import { CheckDataPanel } from './check-data-panel.tsx';
import { CheckPage } from './check-page.tsx';
import type { InternalMark, ReviewedQuestionnaire } from './review-api.ts';
import { ADMIN, EVALUATOR, INTERNAL_TESTER, questionnaireInReview, reviewedAnswer, TESTER } from './test-review.ts';

/*
 * The check screen with the server stubbed (spec 02 §2, UI.md "the count stays in view"): the decision buttons per
 * answer are core's availableDecisions, the reviewed count runs against numberOfReviewedAnswers (16), the state
 * changes are core's availableTransitions, and the evidence is shown inline.
 */

const api = vi.hoisted(() => ({
  fetchLatest: vi.fn(),
  reviewAnswerDecision: vi.fn(),
  changeQuestionnaireState: vi.fn(),
  fetchInternalMarks: vi.fn(),
  saveInternalMark: vi.fn(),
  fetchEvidenceChecks: vi.fn(),
}));
vi.mock(import('./review-api.ts'), async (original) => ({
  ...(await original()),
  ...api,
  fetchReviewConfig: async () => ({ reviewProcess: { numberOfReviewedAnswers: 16 } }),
  fetchGroupReview: async () => {
    throw new ApiError(404, 'not-found', 'not found');
  },
  fetchAudit: async () => [],
}));
vi.mock(import('../answering/answering-api.ts'), async (original) => ({
  ...(await original()),
  fetchObjectSummary: async () => ({ id: 7, objectName: 'Bürohaus Mainzer Landstraße', organisationId: 1, assetGroupId: 3, assetGroupName: 'Portfolio Rhein-Main', canEdit: false, isBuyerAsset: false }),
}));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));
const current = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session, getToken: () => 'token' }));

const base = '/job-management/check/7/false';
const section = `${base}/cluster/1/category/21/section/31`;

const open = async (path: string, session: Session = TESTER) => {
  current.session = session;
  const router = createMemoryRouter(
    [
      {
        path: '/job-management/check/:assetId/:isBuyerAsset',
        element: <CheckPage />,
        children: [
          { path: 'data', element: <CheckDataPanel /> },
          { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId', element: <SectionPanel /> },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...(await renderUi(<RouterProvider router={router} />)) };
};

const card = (title: string) => screen.getByRole('region', { name: title });
const decisions = (title: string) => within(within(card(title)).getByRole('group', { name: 'Prüfentscheidung' }));
const count = () => screen.getByRole('status', { name: 'Geprüfte Antworten' });

let questionnaire: ReviewedQuestionnaire;
let internalMarks: InternalMark[] = [];
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts)]) fn.mockReset();
  api.fetchLatest.mockImplementation(async () => questionnaire);
  internalMarks = [];
  api.fetchInternalMarks.mockImplementation(async () => internalMarks);
  api.fetchEvidenceChecks.mockImplementation(async () => new Map());
});

// Each walks the whole check screen with user events; on a busy machine that takes longer than the default 5 s.
describe('the check screen', { timeout: 20_000 }, () => {
  it('always shows the reviewed answers against the 16 to review, and a decision counts at once', async () => {
    questionnaire = questionnaireInReview(20);
    api.reviewAnswerDecision.mockImplementation(async (answerId: number, decision: string) => {
      const answer = questionnaire.answers.find((a) => a.id === answerId)!;
      const changed: Answer = { ...answer, state: decision === 'accept' ? 'ReviewAccepted' : 'Declined', reviewStatus: decision === 'accept' ? 'Approved' : 'Rejected' };
      questionnaire = { ...questionnaire, answers: questionnaire.answers.map((a) => (a.id === answerId ? changed : a)) };
      return { answer: changed, reviewCounts: { reviewed: 1, required: 16, eligible: 20, accepted: 1, rejected: 0, evidenceRequested: 0 } };
    });
    const { user } = await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    expect(within(count()).getByText('0 / 16 geprüft')).toBeTruthy();

    const first = decisions('Kennzahl 1');
    expect(first.queryByRole('button', { name: 'Zurücknehmen' })).toBeNull();
    await user.type(first.getByLabelText('Kommentar oder Begründung'), 'Plausibel');
    await user.click(first.getByRole('button', { name: 'Akzeptieren' }));
    expect(api.reviewAnswerDecision).toHaveBeenCalledWith(1201, 'accept', 'Plausibel');
    await waitFor(() => expect(within(count()).getByText('1 / 16 geprüft')).toBeTruthy());
    expect(decisions('Kennzahl 1').getByText('Akzeptiert')).toBeTruthy();
    expect(decisions('Kennzahl 1').getByRole('button', { name: 'Akzeptieren' }).getAttribute('aria-pressed')).toBe('true');
    expect((decisions('Kennzahl 1').getByRole('button', { name: 'Zurücknehmen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('never offers a 17th decision: once 16 are reviewed only reviewed answers change, and all accepted opens the way to evaluation', async () => {
    questionnaire = questionnaireInReview(20, Array.from({ length: 16 }, () => 'ReviewAccepted'));
    await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 17' });
    expect(within(count()).getByText('16 / 16 geprüft')).toBeTruthy();
    const open17 = decisions('Kennzahl 17');
    for (const name of ['Akzeptieren', 'Ablehnen', 'Nachweis anfordern']) expect((open17.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    const reviewed = decisions('Kennzahl 1');
    for (const name of ['Ablehnen', 'Nachweis anfordern', 'Zurücknehmen']) expect((reviewed.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(false);

    expect((screen.getByRole('button', { name: 'Zur Begutachtung einreichen' }) as HTMLButtonElement).disabled).toBe(false);
    // Nothing rejected, nothing sent out for documents: declining and requesting documents wait (codes 7, 8).
    expect((screen.getByRole('button', { name: 'Fragebogen ablehnen' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Nachweise anfordern' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why evaluation must wait, with the text of its code', async () => {
    questionnaire = questionnaireInReview(20, ['ReviewAccepted', 'Declined']);
    await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    expect((screen.getByRole('button', { name: 'Zur Begutachtung einreichen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Es müssen genau 16 Antworten geprüft sein (gibt es weniger prüfbare Antworten, alle).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Fragebogen ablehnen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the evidence of an answer inline, with its preview', async () => {
    questionnaire = questionnaireInReview(3);
    questionnaire.answers[0] = reviewedAnswer(1, 'Answered', 'Unchecked', {
      evidenceRequested: true,
      documents: [{ id: 51, fileName: 'zaehlerstand.pdf', contentType: 'application/pdf', size: 2048, uploadedBy: 'Carl Collector', uploadedAt: '2026-11-24T10:00:00Z' }],
    });
    await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    const evidence = within(card('Kennzahl 1'));
    expect(evidence.getByText('zaehlerstand.pdf')).toBeTruthy();
    expect(evidence.getByRole('link', { name: 'Vorschau von zaehlerstand.pdf' }).getAttribute('href')).toContain('/file-preview/pdf/');
  });

  it('says of a library document that it was already checked in another questionnaire: where, by whom, when, with which code', async () => {
    questionnaire = questionnaireInReview(3);
    const document = { id: 52, fileName: 'wartungsvertrag.pdf', contentType: 'application/pdf', size: 2048, uploadedBy: 'Carl Collector', uploadedAt: '2026-11-24T10:00:00Z' };
    questionnaire.answers[0] = reviewedAnswer(1, 'Answered', 'Unchecked', { documents: [document] });
    questionnaire.answers[1] = reviewedAnswer(2, 'Answered', 'Unchecked', { documents: [{ ...document, id: 53, fileName: 'rechnung.pdf' }] });
    api.fetchEvidenceChecks.mockImplementation(async () =>
      new Map([[52, [{ assetName: 'Lagerhalle Nord', reportingYear: 2025, decision: 'ReviewAccepted', checkedBy: 'Tom Tester', checkedAt: '2026-11-20T09:00:00Z', certificateCode: 'ECR-7F3K' }]]]),
    );
    await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    const checked = within(card('Kennzahl 1'));
    expect(await checked.findByText('Bereits geprüft')).toBeTruthy();
    expect(checked.getByText(/Lagerhalle Nord · Fragebogen 2025 · vom Prüfer akzeptiert · von Tom Tester am .*2026.* · Label-Code ECR-7F3K/)).toBeTruthy();
    expect(api.fetchEvidenceChecks).toHaveBeenCalledWith(questionnaire.assetId, questionnaire.id);
    // The check stays per answer: the other document is not marked, and the decisions are offered as before.
    expect(within(card('Kennzahl 2')).queryByText('Bereits geprüft')).toBeNull();
    expect(decisions('Kennzahl 1').getByRole('button', { name: 'Akzeptieren' })).toBeTruthy();
  });

  it('where fewer answers are eligible than 16, all of them are to be reviewed', async () => {
    questionnaire = questionnaireInReview(3);
    await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    expect(within(count()).getByText('0 / 3 geprüft')).toBeTruthy();
    expect(within(count()).getByText(/nur 3 prüfrelevante Antworten \(statt 16\)/)).toBeTruthy();
  });

  it('a refused decision shows the text of its key', async () => {
    questionnaire = questionnaireInReview(20);
    api.reviewAnswerDecision.mockRejectedValue(new ApiError(400, 'answer-review-limit', 'x'));
    const { user } = await open(section);
    await screen.findByRole('region', { name: 'Kennzahl 2' });
    const second = decisions('Kennzahl 2');
    // Rejecting needs the comment as its reason (DOMAIN.md §1): without one nothing is sent.
    await user.click(second.getByRole('button', { name: 'Ablehnen' }));
    expect(second.getByText('Bitte geben Sie eine Begründung an.')).toBeTruthy();
    expect(api.reviewAnswerDecision).not.toHaveBeenCalled();
    await user.type(second.getByLabelText('Kommentar oder Begründung'), 'Wert passt nicht zum Nachweis');
    await user.click(second.getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Die erforderliche Zahl an Antworten ist bereits geprüft. Nehmen Sie zuerst eine Entscheidung zurück.'));
  });

  it('the evaluator decides on reviewed answers and may close once nothing stands in the way', async () => {
    questionnaire = questionnaireInReview(3, ['ReviewAccepted', 'ReviewAccepted', 'ReviewAccepted'], { assetQuestionnaireState: 'Evaluation' });
    await open(section, EVALUATOR);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    const first = decisions('Kennzahl 1');
    expect(first.queryByRole('button', { name: 'Nachweis anfordern' })).toBeNull();
    expect((first.getByRole('button', { name: 'Als Gutachter akzeptieren' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Abschließen (akzeptieren)' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Zur Begutachtung einreichen' })).toBeNull();
  });

  it('the account administrator sees the review but decides nothing', async () => {
    questionnaire = questionnaireInReview(3);
    await open(section, ADMIN);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    expect(decisions('Kennzahl 1').queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zur Begutachtung einreichen' })).toBeNull();
  });

  it('the data page names the object, the tester and the state', async () => {
    questionnaire = questionnaireInReview(3, [], {
      review: { counts: { reviewed: 0, required: 3, eligible: 3, accepted: 0, rejected: 0, evidenceRequested: 0 }, numberOfReviewedAnswers: 16, testerName: 'Tom Tester', availableTransitions: [] },
    });
    await open(`${base}/data`);
    const facts = await screen.findByRole('table', { name: 'Angaben zur Prüfung' });
    expect(within(facts).getByText('Bürohaus Mainzer Landstraße')).toBeTruthy();
    expect(within(facts).getByText('Tom Tester')).toBeTruthy();
    expect(within(facts).getByText('In Prüfung')).toBeTruthy();
    expect(await screen.findByText('Noch keine Statusänderung.')).toBeTruthy();
  });
});

describe('the internal check (DOMAIN.md §1)', { timeout: 20_000 }, () => {
  const internal = (title: string) => within(within(card(title)).getByRole('group', { name: 'Interne Prüfung' }));

  it('the internal tester marks and notes an answer; it has no decision and no state change, and its count is its own', async () => {
    questionnaire = questionnaireInReview(20, [], { review: { counts: { reviewed: 0, required: 16, eligible: 20, accepted: 0, rejected: 0, evidenceRequested: 0 }, numberOfReviewedAnswers: 16, testerName: 'Tom Tester', testerUserId: 9, availableTransitions: [] } });
    api.saveInternalMark.mockImplementation(async (_ref: unknown, _qid: number, questionId: number, mark: { checked: boolean; note: string | null }) => ({ questionId, ...mark, checkedBy: 'Ina Intern', checkedAt: '2026-11-29T10:00:00Z' }));
    const { user } = await open(section, INTERNAL_TESTER);
    const first = await waitFor(() => internal('Kennzahl 1'));
    expect(within(card('Kennzahl 1')).queryByRole('group', { name: 'Prüfentscheidung' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Akzeptieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zur Begutachtung einreichen' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Interne Prüfung' }).textContent).toContain('0 Antworten intern geprüft');

    await user.click(first.getByRole('checkbox', { name: 'Intern geprüft' }));
    await waitFor(() => expect(api.saveInternalMark).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }, questionnaire.id, 201, { checked: true, note: null }));
    await user.type(first.getByLabelText('Notiz zur internen Prüfung'), '  Mit Rechnung abgeglichen ');
    await user.tab();
    await waitFor(() => expect(api.saveInternalMark).toHaveBeenLastCalledWith({ assetId: 7, isBuyerAsset: false }, questionnaire.id, 201, { checked: true, note: 'Mit Rechnung abgeglichen' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Interne Prüfung' }).textContent).toContain('1 Antwort intern geprüft'));
    // The reviewed count is the accredited tester's and stays as it was.
    expect(within(count()).getByText('0 / 16 geprüft')).toBeTruthy();
  });

  it('refuses a note over 2000 characters with its text and sends nothing', async () => {
    questionnaire = questionnaireInReview(3);
    const { user } = await open(section, INTERNAL_TESTER);
    const first = await waitFor(() => internal('Kennzahl 1'));
    const field = first.getByLabelText('Notiz zur internen Prüfung');
    await user.click(field);
    await user.paste('x'.repeat(2001));
    await user.tab();
    expect(await first.findByText('Die Notiz darf höchstens 2000 Zeichen lang sein.')).toBeTruthy();
    expect(api.saveInternalMark).not.toHaveBeenCalled();
  });

  it('the assigned tester sees the owner’s internal mark and note beside the answer, read only', async () => {
    questionnaire = questionnaireInReview(3);
    internalMarks = [{ questionId: 201, checked: true, note: 'Mit Rechnung abgeglichen', checkedBy: 'Ina Intern', checkedAt: '2026-11-29T10:00:00Z' }];
    await open(section, TESTER);
    const note = await within(await screen.findByRole('region', { name: 'Kennzahl 1' })).findByRole('note', { name: 'Interne Prüfung des Eigentümers' });
    expect(within(note).getByText('Intern geprüft')).toBeTruthy();
    expect(within(note).getByText('Mit Rechnung abgeglichen')).toBeTruthy();
    expect(within(note).queryByRole('checkbox')).toBeNull();
    expect(within(card('Kennzahl 2')).queryByRole('note', { name: 'Interne Prüfung des Eigentümers' })).toBeNull();
  });

  it('the evaluator does not ask for the owner’s internal check', async () => {
    questionnaire = questionnaireInReview(3, [], { assetQuestionnaireState: 'Evaluation' });
    await open(section, EVALUATOR);
    await screen.findByRole('region', { name: 'Kennzahl 1' });
    expect(api.fetchInternalMarks).not.toHaveBeenCalled();
  });
});
