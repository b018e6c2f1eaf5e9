import { escapeHtml } from '../identity/mails.ts';
import type { OutgoingMail } from '../identity/ports.ts';
import type { Language } from '../shared/language.ts';
import { isCalendarDate } from '../review/transitions.ts';

/**
 * Reminders before a label runs out (issue 22): 60 and 30 days before its valid-until (DOMAIN.md §6) the owner's
 * contacts are told, once per label and threshold.
 */
export const REMINDER_THRESHOLDS = [60, 30] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

const dayNumber = (date: string): number => {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
};

/** Whole days from `from` to `to` (calendar dates 'YYYY-MM-DD'); negative when `to` lies before. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/**
 * The reminder due today for a label valid until `validUntil`, given the thresholds already sent for it: the
 * tightest threshold whose day has come (at most that many days left) while the label is still valid (the last
 * valid day included), unless that one or a tighter one was sent already. So a label closed with 40 days left
 * gets only the 30-day reminder, a server down for a month sends the tighter one alone, and a clock that jumps
 * back never repeats a reminder: each (label, threshold) is due at most once, whatever the sequence of days.
 */
export const dueReminder = (validUntil: string, today: string, sent: readonly number[]): ReminderThreshold | null => {
  const left = daysBetween(today, validUntil);
  if (left < 0) return null;
  const reached = REMINDER_THRESHOLDS.filter((t) => left <= t);
  if (reached.length === 0) return null;
  const tightest = Math.min(...reached) as ReminderThreshold;
  return sent.some((s) => s <= tightest) ? null : tightest;
};

/** The last day a label expiring within `days` of `today` may be valid until (for the object list's filter). */
export const expiresWithinLimit = (today: string, days: number): string => new Date((dayNumber(today) + days) * 86_400_000).toISOString().slice(0, 10);

/** One label in a reminder: an object's or a group's, with its last valid day and a link to its results. */
export interface ReminderItem {
  kind: 'asset' | 'group';
  name: string;
  validUntil: string;
  link: string;
}

const TEXTS: Record<Language, { subject: (n: number) => string; greeting: (name: string) => string; intro: string; asset: string; group: string; until: string; action: string }> = {
  de: {
    subject: (n) => (n === 1 ? 'ECORE-Portal: Ein Label läuft bald ab' : `ECORE-Portal: ${n} Labels laufen bald ab`),
    greeting: (n) => `Guten Tag ${n},`,
    intro: 'die folgenden Labels laufen bald ab. Beginnen Sie rechtzeitig das neue Jahr („Neues Jahr beginnen“), damit die Objekte ohne Unterbrechung zertifiziert bleiben:',
    asset: 'Objekt',
    group: 'Objektgruppe',
    until: 'gültig bis',
    action: 'Im Portal öffnen',
  },
  en: {
    subject: (n) => (n === 1 ? 'ECORE portal: a label expires soon' : `ECORE portal: ${n} labels expire soon`),
    greeting: (n) => `Dear ${n},`,
    intro: 'the following labels expire soon. Start the next year in time ("Start next year") so that the objects stay certified without a gap:',
    asset: 'Object',
    group: 'Object group',
    until: 'valid until',
    action: 'Open in the portal',
  },
};

const formatDate = (date: string, language: Language) => (language === 'de' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : date);

/** One mail to one contact, in the contact's language, listing the labels that expire with a link to each. */
export const reminderMail = (language: Language, to: string, contactName: string, items: readonly ReminderItem[]): OutgoingMail => {
  const t = TEXTS[language];
  const quoted = (name: string) => (language === 'de' ? `„${name}“` : `"${name}"`);
  const line = (i: ReminderItem) => `${i.kind === 'asset' ? t.asset : t.group} ${quoted(i.name)}, ${t.until} ${formatDate(i.validUntil, language)}`;
  const lines = items.map((i) => `- ${line(i)}: ${i.link}`);
  const htmlItems = items.map((i) => `<li>${escapeHtml(line(i))}: <a href="${escapeHtml(i.link)}">${escapeHtml(t.action)}</a></li>`).join('');
  return {
    to,
    subject: t.subject(items.length),
    text: [t.greeting(contactName), '', t.intro, '', ...lines, '', 'ECORE Portal'].join('\n'),
    ...(items[0] ? { link: items[0].link } : {}),
    html: `<p>${escapeHtml(t.greeting(contactName))}</p><p>${escapeHtml(t.intro)}</p><ul>${htmlItems}</ul><p>ECORE Portal</p>`,
  };
};

/** The last valid days the object list's filter "label expires within `days` days" takes: from today to today + days. */
export const labelExpiryWindow = (today: string, days: number): { from: string; to: string } => ({ from: today, to: expiresWithinLimit(today, days) });
