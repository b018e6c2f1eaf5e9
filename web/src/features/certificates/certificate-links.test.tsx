// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Actor } from '@ecore/core/identity/session.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import { renderUi } from '../../testing/render.tsx';
import { MEANING_COLOURS } from '../../components/status-badge.tsx';
import { GroupCertificateAction, ObjectCertificateLink } from './certificate-links.tsx';
import { classificationColour, statusColour } from './certificate-status.tsx';

/*
 * The ways to the certificate view (spec 02 §2, §4, §6): "download label" only where there is a label (an accepted
 * object, a Closed group) and the user may download it (core mayDownloadCertificate): object administrators of the
 * owner and evaluators; finance-partner users for single objects; never buyers, collectors or analysts.
 */

const actor = (roles: Role[], org: Partial<Pick<Actor, 'orgId' | 'orgFinance' | 'orgBuyer'>> = {}): Actor => ({
  userId: 3,
  userName: 'user',
  roles,
  external: false,
  orgId: org.orgId ?? 1,
  orgTest: false,
  orgFinance: org.orgFinance ?? false,
  orgBuyer: org.orgBuyer ?? false,
});

const render = async (ui: React.ReactElement) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/x'] });
  return renderUi(<RouterProvider router={router} />);
};

const object = { id: 41, organisationId: 1, status: 'Closed', isBuyerAsset: false };
const group = { id: 3, name: 'Portfolio Rhein-Main', organisationId: 1, status: 'Closed' };

describe('the object page\'s "download label"', { timeout: 30_000 }, () => {
  const cases: [string, Actor, typeof object, boolean][] = [
    ['the object administrator of the owner, accepted object', actor([Role.ObjectAdministrator]), object, true],
    ['an expired acceptance still has its label', actor([Role.ObjectAdministrator]), { ...object, status: 'Expired' }, true],
    ['not while under review', actor([Role.ObjectAdministrator]), { ...object, status: 'Evaluation' }, false],
    ['not before a questionnaire is started', actor([Role.ObjectAdministrator]), { ...object, status: null as unknown as string }, false],
    ['an evaluator', actor([Role.Evaluator], { orgId: 9 }), object, true],
    ['a finance-partner user', actor([Role.ObjectAdministrator, Role.AccountManager], { orgId: 2, orgFinance: true }), object, true],
    ['not a data collector', actor([Role.ObjectDataCollector]), object, false],
    ['not an account administrator', actor([Role.AccountAdministrator]), object, false],
    ['not a prospective buyer', actor([Role.ProspectiveBuyer, Role.ObjectAdministrator], { orgBuyer: true }), object, false],
    ['not the object administrator of another organisation', actor([Role.ObjectAdministrator], { orgId: 5 }), object, false],
    ['no label for buyer assets', actor([Role.ObjectAdministrator]), { ...object, isBuyerAsset: true }, false],
  ];
  for (const [name, who, subject, shown] of cases) {
    it(`${shown ? 'shows' : 'hides'} it: ${name}`, async () => {
      await render(<ObjectCertificateLink actor={who} object={subject} />);
      const link = screen.queryByRole('link', { name: 'Label herunterladen' });
      expect(link !== null).toBe(shown);
      if (link) expect(link.getAttribute('href')).toBe('/asset-management/download/41/group/false');
    });
  }
});

describe('the group row\'s "download label"', { timeout: 30_000 }, () => {
  const cases: [string, Actor, typeof group, boolean][] = [
    ['the object administrator of the owner, Closed group', actor([Role.ObjectAdministrator]), group, true],
    ['not before the group is Closed', actor([Role.ObjectAdministrator]), { ...group, status: 'ReviewPassed' }, false],
    ['an evaluator', actor([Role.Evaluator], { orgId: 9 }), group, true],
    ['not an evaluator before Closed', actor([Role.Evaluator], { orgId: 9 }), { ...group, status: 'ReviewPassed' }, false],
    ['not a finance-partner user (groups are not theirs)', actor([Role.AccountManager], { orgId: 2, orgFinance: true }), group, false],
    ['not a prospective buyer', actor([Role.ProspectiveBuyer], { orgBuyer: true }), group, false],
    ['not the object administrator of another organisation', actor([Role.ObjectAdministrator], { orgId: 5 }), group, false],
  ];
  for (const [name, who, subject, shown] of cases) {
    it(`${shown ? 'shows' : 'hides'} it: ${name}`, async () => {
      await render(<GroupCertificateAction actor={who} group={subject} />);
      expect(screen.queryByRole('button', { name: 'Label von Portfolio Rhein-Main herunterladen' }) !== null).toBe(shown);
    });
  }

  it('opens the certificate view of the group', async () => {
    const router = createMemoryRouter(
      [
        { path: '/list', element: <GroupCertificateAction actor={actor([Role.ObjectAdministrator])} group={group} /> },
        { path: '/asset-management/download/:id/group/:isGroup', element: <p>Zertifikat</p> },
      ],
      { initialEntries: ['/list'] },
    );
    const { user } = await renderUi(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'Label von Portfolio Rhein-Main herunterladen' }));
    expect(router.state.location.pathname).toBe('/asset-management/download/3/group/true');
  });
});

describe('the colours of certificates', () => {
  it('are the meanings of every other badge (UI.md): valid positive, superseded intermediate, expired and unknown negative', () => {
    expect([statusColour('valid'), statusColour('superseded'), statusColour('expired'), statusColour('unknown')]).toEqual([
      MEANING_COLOURS.positive,
      MEANING_COLOURS.intermediate,
      MEANING_COLOURS.negative,
      MEANING_COLOURS.negative,
    ]);
    expect(['Positive', 'Intermediate', 'Negative', 'Neutral'].map((c) => classificationColour(c as 'Positive'))).toEqual([
      MEANING_COLOURS.positive,
      MEANING_COLOURS.intermediate,
      MEANING_COLOURS.negative,
      MEANING_COLOURS.neutral,
    ]);
  });
});
