import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';

/** Questionnaire states of spec 02 §3 that have a text; anything else shows as it comes. */
export const ASSET_STATES = ['Active', 'Review', 'Evaluation', 'Closed', 'Declined', 'Verification', 'DefinitelyDeclined', 'Expired'] as const;
export const GROUP_STATES = ['Active', 'Review', 'ReviewFailed', 'ReviewPassed', 'Closed'] as const;

/** One colour per meaning, the same on every page (UI.md "Status and scores"). */
const STATE_COLOURS: Record<string, string> = {
  Active: 'blue',
  Review: 'yellow',
  Evaluation: 'yellow',
  Verification: 'orange',
  Closed: 'green',
  ReviewPassed: 'green',
  Declined: 'red',
  ReviewFailed: 'red',
  DefinitelyDeclined: 'red',
  Expired: 'gray',
};

export const stateColour = (state: string | null): string => (state === null ? 'gray' : STATE_COLOURS[state] ?? 'gray');

/** The catalogue key of an object's questionnaire state; null means not started. */
export const assetStateKey = (state: string | null): string | null =>
  state === null ? 'assets.status.notStarted' : (ASSET_STATES as readonly string[]).includes(state) ? `assets.status.${state}` : null;

export const groupStateKey = (state: string): string | null => ((GROUP_STATES as readonly string[]).includes(state) ? `assets.groupStatus.${state}` : null);

/** A score or a figure as the locale writes it; none shows a dash. */
export const figure = (value: number | null | undefined, language: Language, digits = 1): string =>
  value === null || value === undefined ? '–' : formatLocaleNumber(value, language, digits);

export const yearOrDash = (year: number | null | undefined): string => (year === null || year === undefined ? '–' : String(year));
