import type { Question } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';

/**
 * Ticking an option of a multiple-choice question: an exclusive option ("none of these") stands alone, so
 * ticking it unticks the others, and ticking another unticks it (spec 02 §5; core checkAnswer refuses any
 * other combination, so the boxes never offer one).
 */
export const toggleOption = (question: Pick<Question, 'options'>, selected: readonly number[], optionId: number, checked: boolean): number[] => {
  if (!checked) return selected.filter((id) => id !== optionId);
  const option = question.options.find((o) => o.id === optionId);
  if (!option) return [...selected];
  if (option.isExclusive) return [optionId];
  const exclusive = new Set(question.options.filter((o) => o.isExclusive).map((o) => o.id));
  return [...selected.filter((id) => id !== optionId && !exclusive.has(id)), optionId];
};

/**
 * A stored number as the value field shows it in the user's language: decimal comma in German, point in
 * English, no thousands separators (so that what is shown reads back as the same number).
 */
export const valueText = (value: number | null | undefined, language: Language): string =>
  value === null || value === undefined
    ? ''
    : new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { useGrouping: false, maximumFractionDigits: 10 }).format(value);
