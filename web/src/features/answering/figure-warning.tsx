import { useMemo } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import { figureWarnings, type FigureWarning } from '@ecore/core/scoring/figures.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { useAnswering } from './answering-context.ts';

/**
 * A total beside carriers that disagrees with them by more than 2 % (DOMAIN.md §5, "Figures given twice"), shown next
 * to the total and next to each carrier on the answering and check screens: core's rule over the answers as they are
 * now (so it follows each save) and the reporting year's factors the server sent. A warning, never a refusal.
 */
export function FigureWarningNote({ questionId }: { questionId: number }) {
  const { t } = useTranslation();
  const { filled, language } = useAnswering();
  const warnings = useMemo(() => figureWarnings(filled, givenAnswers(filled.answers), filled.emissionFactors ?? null), [filled]);
  const mine = warnings.filter((w) => w.totalQuestionId === questionId || w.carrierQuestionIds.includes(questionId));
  if (mine.length === 0) return null;
  const text = (w: FigureWarning) =>
    t(`answering.figureWarning.${w.metric}`, { total: formatLocaleNumber(round(w.total), language), carriers: formatLocaleNumber(round(w.carriers), language) });
  return (
    <>
      {mine.map((w) => (
        <Alert key={w.metric} color="yellow" variant="light" icon={<IconAlertTriangle size={16} aria-hidden="true" />} title={t('answering.figureWarning.title')}>
          {text(w)}
        </Alert>
      ))}
    </>
  );
}

/** Figures in the warning with at most two decimals (the factors make long fractions of carbon). */
const round = (x: number): number => Math.round(x * 100) / 100;
