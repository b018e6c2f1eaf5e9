// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { renderUi } from '../../testing/render.tsx';
import type { FilledQuestionnaire } from './answering-api.ts';
import { AnsweringContext, type AnsweringSession } from './answering-context.ts';
import { DataPanel } from './data-panel.tsx';
import type { AuditRow } from '../review/review-api.ts';
import { questionnaireInReview, reviewedAnswer } from '../review/test-review.ts';

/*
 * The owner's side of review on the questionnaire's data page (spec 02 §4): after a decline the rejected answers
 * are listed and marked until changed, and the questionnaire is resubmitted; in Verification the answers whose
 * documents were asked for; Closed shows as accepted; the audit log lists each step.
 */

const api = vi.hoisted(() => ({ submitForReview: vi.fn() }));
vi.mock(import('./answering-api.ts'), async (original) => ({ ...(await original()), ...api }));
const audit = vi.hoisted(() => ({ rows: [] as AuditRow[] }));
vi.mock(import('../review/review-api.ts'), async (original) => ({ ...(await original()), fetchAudit: async () => audit.rows, fetchInternalMarks: async () => [] }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const refresh = vi.fn(async () => undefined);

const render = async (filled: FilledQuestionnaire) => {
  const session: AnsweringSession = {
    filled,
    route: { assetId: 7, isBuyerAsset: false, qid: 5 },
    ref: { assetId: 7, isBuyerAsset: false },
    actor: { userId: 4, userName: 'collector', roles: [Role.ObjectDataCollector], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
    language: 'de',
    object: { id: 7, objectName: 'Bürohaus Mainzer Landstraße', organisationId: 1, assetGroupId: 3, assetGroupName: 'Portfolio Rhein-Main', canEdit: false, isBuyerAsset: false },
    mayAct: true,
    lockedByOther: false,
    readOnly: false,
    lockHolder: null,
    answerOf: (id) => filled.answers.find((a) => a.questionId === id),
    nodeProgress: () => ({ answered: 3, total: 3 }),
    save: async () => undefined,
    statusOf: () => undefined,
    openDetails: () => undefined,
    refresh,
  };
  const router = createMemoryRouter([{ path: '*', element: <AnsweringContext value={session}><DataPanel /></AnsweringContext> }], { initialEntries: ['/q'] });
  return renderUi(<RouterProvider router={router} />);
};

beforeEach(() => {
  api.submitForReview.mockReset();
  toasts.notifySuccess.mockReset();
  toasts.notifyError.mockReset();
  refresh.mockClear();
  audit.rows = [];
});

describe('the owner after review', () => {
  it('after a decline lists the rejected answers, marks the changed ones, and resubmits', async () => {
    const declined = questionnaireInReview(3, [], {
      assetQuestionnaireState: 'Declined',
      canEdit: true,
      answers: [reviewedAnswer(1, 'Declined', 'Rejected'), reviewedAnswer(2, 'Answered', 'Rejected'), reviewedAnswer(3, 'ReviewAccepted', 'Approved')],
    });
    api.submitForReview.mockResolvedValue(undefined);
    const { user } = await render(declined);
    const list = screen.getByRole('list', { name: 'Abgelehnte Antworten' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['V-1 Kennzahl 1zu ändern', 'V-2 Kennzahl 2geändert']);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/asset-management/objects/7/false/questionnaire/5/cluster/1/category/21/section/31/question/201');
    expect(screen.getByText('2 abgelehnte Antworten')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Erneut einreichen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Zur Prüfung einreichen' })).getByRole('button', { name: 'Einreichen' }));
    await waitFor(() => expect(api.submitForReview).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('in Verification lists the answers whose documents were asked for, with their uploads', async () => {
    const verification = questionnaireInReview(3, [], {
      assetQuestionnaireState: 'Verification',
      canEdit: false,
      answers: [
        reviewedAnswer(1, 'Verification', 'Unchecked', { evidenceRequested: true }),
        reviewedAnswer(2, 'Verification', 'Unchecked', {
          evidenceRequested: true,
          documents: [{ id: 1, fileName: 'a.pdf', contentType: 'application/pdf', size: 10, uploadedBy: 'Carl Collector', uploadedAt: '2026-11-24T10:00:00Z' }],
        }),
        reviewedAnswer(3, 'ReviewAccepted', 'Approved'),
      ],
    });
    await render(verification);
    const items = within(screen.getByRole('list', { name: 'Antworten, für die Nachweise angefordert wurden' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['V-1 Kennzahl 1Nachweis fehlt', 'V-2 Kennzahl 21 Dokument hochgeladen']);
    // Core's submitProblem names what is still missing: a document.
    expect(screen.getByText('Eine Antwort muss nachgewiesen werden, hat aber kein Dokument.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut einreichen' })).toBeTruthy();
  });

  it('in Verification names a library document expired on the reporting date: it does not count as evidence', async () => {
    const document = { id: 1, contentType: 'application/pdf', size: 10, uploadedBy: 'Carl Collector', uploadedAt: '2026-11-24T10:00:00Z' };
    const verification = questionnaireInReview(3, [], {
      assetQuestionnaireState: 'Verification',
      canEdit: false,
      reportingYear: 2025,
      answers: [
        reviewedAnswer(1, 'Verification', 'Unchecked', { evidenceRequested: true, documents: [{ ...document, fileName: 'zaehlerstaende-2024.pdf', validFrom: '2024-01-01', validUntil: '2024-12-31' }] }),
        reviewedAnswer(2, 'Verification', 'Unchecked', { evidenceRequested: true, documents: [{ ...document, id: 2, fileName: 'wartungsvertrag.pdf', validFrom: null, validUntil: '2026-06-30' }] }),
        reviewedAnswer(3, 'ReviewAccepted', 'Approved'),
      ],
    });
    await render(verification);
    expect(screen.getByText(/ihr Nachweis ist am Stichtag des Fragebogens abgelaufen: zaehlerstaende-2024\.pdf\./)).toBeTruthy();
    expect(screen.queryByText(/wartungsvertrag\.pdf\./)).toBeNull();
  });

  it('a closed questionnaire shows as accepted, with the audit log of each step', async () => {
    audit.rows = [
      { id: 1, from: 'Active', to: 'Review', userName: 'Carl Collector', role: 'ObjectDataCollector', reason: 'submitted', answersTouched: [], at: '2026-11-24T08:00:00Z' },
      { id: 2, from: 'Review', to: 'Evaluation', userName: 'Tom Tester', role: 'ExternalAccreditedTester', reason: 'sent-to-evaluation', answersTouched: [], at: '2026-11-24T09:00:00Z' },
      { id: 3, from: 'Evaluation', to: 'Closed', userName: 'Eva Gutachter', role: 'Evaluator', reason: 'closed', answersTouched: [201, 202], at: '2026-11-24T10:00:00Z' },
    ];
    await render(questionnaireInReview(3, ['ReviewAccepted', 'ReviewAccepted', 'ReviewAccepted'], { assetQuestionnaireState: 'Closed', canEdit: false }));
    expect(screen.getAllByText('Akzeptiert').length).toBeGreaterThan(0);
    const log = await screen.findByRole('table', { name: 'Protokoll der Statusänderungen' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('Eva Gutachter')).toBeTruthy();
    expect(within(rows[2]!).getByText('Gutachter')).toBeTruthy();
    expect(within(rows[2]!).getByText('Abgeschlossen (akzeptiert)')).toBeTruthy();
    expect(within(rows[2]!).getByText('2 Antworten betroffen')).toBeTruthy();
    expect(within(rows[1]!).getByText('Zur Begutachtung eingereicht')).toBeTruthy();
  });
});
