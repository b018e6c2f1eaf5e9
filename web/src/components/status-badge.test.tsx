// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { MEANING_COLOURS, STATUS_BADGES, StatusBadge, statusColour, statusEntry, type StatusKind } from './status-badge.tsx';

const kinds = Object.keys(STATUS_BADGES) as StatusKind[];

describe('the one status map', () => {
  it('knows every state of users, organisations, objects, groups and templates', () => {
    expect(Object.keys(STATUS_BADGES.user).sort()).toEqual(['Active', 'Archived', 'Inactive', 'Locked', 'Pending']);
    expect(Object.keys(STATUS_BADGES.organisation).sort()).toEqual(['Active', 'Buyer', 'FinancePartner', 'Inactive', 'Locked', 'SolutionPartner', 'TestAccount']);
    expect(Object.keys(STATUS_BADGES.object).sort()).toEqual(
      ['Active', 'Closed', 'Declined', 'DefinitelyDeclined', 'Evaluation', 'Expired', 'NotStarted', 'Review', 'Verification'],
    );
    expect(Object.keys(STATUS_BADGES.group).sort()).toEqual(['Active', 'Closed', 'Review', 'ReviewFailed', 'ReviewPassed']);
    expect(Object.keys(STATUS_BADGES.template).sort()).toEqual(['Active', 'Archived', 'Draft']);
    expect(Object.keys(STATUS_BADGES.accessRequest).sort()).toEqual(['Approved', 'Declined', 'Expired', 'Open']);
  });

  it('gives one colour per meaning: the same meaning has the same colour on every page', () => {
    expect(MEANING_COLOURS).toMatchObject({ positive: 'green', intermediate: 'yellow', negative: 'red', neutral: 'gray' });
    expect(new Set(Object.values(MEANING_COLOURS)).size).toBe(Object.keys(MEANING_COLOURS).length);
    // Locked, declined and failed read alike wherever they appear; so do the finished and the inactive ones.
    expect(['user', 'organisation'].map((k) => statusColour(k as StatusKind, 'Locked'))).toEqual(['red', 'red']);
    expect([statusColour('object', 'Declined'), statusColour('object', 'DefinitelyDeclined'), statusColour('group', 'ReviewFailed')]).toEqual(['red', 'red', 'red']);
    expect([statusColour('user', 'Active'), statusColour('organisation', 'Active'), statusColour('template', 'Active'), statusColour('object', 'Closed')]).toEqual(
      ['green', 'green', 'green', 'green'],
    );
    expect([statusColour('object', 'Review'), statusColour('group', 'Review')]).toEqual(['yellow', 'yellow']);
    expect([statusColour('object', 'Active'), statusColour('group', 'Active')]).toEqual(['blue', 'blue']);
  });

  it('reads an object without a questionnaire state as not started, and an unknown state as neutral', () => {
    expect(statusEntry('object', null)).toEqual({ meaning: 'neutral', label: 'assets.status.notStarted' });
    expect(statusEntry('object', 'Teleported')).toBeNull();
    expect(statusColour('object', 'Teleported')).toBe('gray');
    expect(statusEntry('group', null)).toBeNull();
    expect(statusEntry('user', 'toString')).toBeNull();
  });

  it('has a text in both catalogues for every state', async () => {
    const { i18n } = await import('../lib/i18n.ts');
    await renderUi(<span />);
    for (const language of ['de', 'en'] as const) {
      await i18n.changeLanguage(language);
      for (const kind of kinds) {
        for (const [state, entry] of Object.entries(STATUS_BADGES[kind] as Record<string, { label: string }>)) {
          expect(i18n.exists(entry.label), `${language} ${kind} ${state}`).toBe(true);
        }
      }
    }
  });
});

describe('StatusBadge', () => {
  it('shows the state in the interface language, whole and not upper-cased', async () => {
    await renderUi(<StatusBadge kind="object" state={null} />);
    const badge = screen.getByText('Nicht begonnen');
    expect(badge.closest('[data-meaning]')?.getAttribute('data-meaning')).toBe('neutral');
    const root = badge.closest('.mantine-Badge-root') as HTMLElement;
    expect(root.style.overflow).toBe('visible');
    expect(root.style.minWidth).toBe('max-content');
    expect((badge as HTMLElement).style.textOverflow).toBe('clip');
  });

  it('shows an organisation flag in English after a language switch', async () => {
    await renderUi(<StatusBadge kind="organisation" state="FinancePartner" />, { language: 'en' });
    expect(screen.getByText('Finance partner')).toBeTruthy();
  });
});
