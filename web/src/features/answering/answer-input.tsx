import { useState } from 'react';
import { Checkbox, Group, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkAnswer } from '@ecore/core/answering/answer-rules.ts';
import { DEFAULT_PROVENANCE, isProvenance, PROVENANCES, type Provenance } from '@ecore/core/answering/provenance.ts';
import { KPI_KEYS, optionTextIn, type Question } from '@ecore/core/questionnaires/template.ts';
import { formatLocaleNumber, parseLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { toggleOption, valueText } from './answer-values.ts';
import { sortedOptions } from './structure.ts';

export interface AnswerValueInput {
  inputAnswer: number | null;
  multipleChoiceOption: number[];
  /** Where a figure comes from (issue 40); absent: the stored answer's own. */
  provenance?: Provenance | null;
}

export interface AnswerInputProps {
  question: Question;
  /** The stored value; null: not answered. */
  value: AnswerValueInput | null;
  language: Language;
  readOnly: boolean;
  /** The id of the element that names the question (its heading). */
  labelledBy: string;
  onSave: (value: AnswerValueInput) => void;
}

/** The unit a value question asks for: its KPI key's unit. */
export const unitOf = (question: Pick<Question, 'kpiKey'>): string | null => (question.kpiKey ? KPI_KEYS[question.kpiKey] : null);

/**
 * The answer field of one question (spec 02 §2, §5): radio buttons for single choice, boxes for multiple choice
 * (an exclusive option stands alone), a number typed in the user's language for value questions, nothing to type
 * for virtual questions. Every value is checked by core's checkAnswer before it is sent.
 */
export function AnswerInput(props: AnswerInputProps) {
  const { question } = props;
  if (question.type === 'SingleChoice') return <SingleChoice {...props} />;
  if (question.type === 'MultipleChoice') return <MultipleChoice {...props} />;
  if (question.type === 'ValueQuestion') return <ValueField {...props} />;
  return <Computed />;
}

/** The problem core finds with a value, as the text to show; null when it may be sent. */
const useProblemText = () => {
  const { t, i18n } = useTranslation();
  return (question: Question, value: AnswerValueInput): string | null => {
    const checked = checkAnswer(question, value);
    if (checked._tag === 'Right') return null;
    const { key, params } = checked.left;
    return t(`errors.${key}`, params ? { max: formatLocaleNumber(params.max, i18n.language === 'en' ? 'en' : 'de', 0) } : {});
  };
};

function SingleChoice({ question, value, language, readOnly, labelledBy, onSave }: AnswerInputProps) {
  const problemText = useProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const selected = value?.multipleChoiceOption[0] ?? null;
  const name = `question-${question.id ?? 'new'}`;
  return (
    <Stack gap={6} role="radiogroup" aria-labelledby={labelledBy} aria-readonly={readOnly || undefined}>
      {sortedOptions(question).map((option) => (
        <Radio
          key={option.id}
          name={name}
          value={String(option.id)}
          label={optionTextIn(option, language)}
          checked={selected === option.id}
          disabled={readOnly}
          onChange={() => {
            if (option.id === null) return;
            const next = { inputAnswer: null, multipleChoiceOption: [option.id] };
            const text = problemText(question, next);
            setProblem(text);
            if (text === null) onSave(next);
          }}
        />
      ))}
      {problem ? <Text size="sm" c="red" role="alert">{problem}</Text> : null}
    </Stack>
  );
}

function MultipleChoice({ question, value, language, readOnly, labelledBy, onSave }: AnswerInputProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const selected = value?.multipleChoiceOption ?? [];
  return (
    <Stack gap={6} role="group" aria-labelledby={labelledBy}>
      {sortedOptions(question).map((option) => (
        <Checkbox
          key={option.id}
          label={
            option.isExclusive ? (
              <Group gap={6} component="span">
                <span>{optionTextIn(option, language)}</span>
                <Text component="span" size="xs" c="dimmed">
                  {t('answering.question.exclusive')}
                </Text>
              </Group>
            ) : (
              optionTextIn(option, language)
            )
          }
          checked={option.id !== null && selected.includes(option.id)}
          disabled={readOnly}
          onChange={(event) => {
            if (option.id === null) return;
            const next = { inputAnswer: null, multipleChoiceOption: toggleOption(question, selected, option.id, event.currentTarget.checked) };
            const text = problemText(question, next);
            setProblem(text);
            if (text === null) onSave(next);
          }}
        />
      ))}
      {problem ? <Text size="sm" c="red" role="alert">{problem}</Text> : null}
    </Stack>
  );
}

/**
 * A number in the user's language (decimal comma in German, point in English; core parseLocaleNumber), saved
 * when the field is left or Enter is pressed; an empty field clears the answer.
 */
function ValueField({ question, value, language, readOnly, labelledBy, onSave }: AnswerInputProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const stored = value?.inputAnswer ?? null;
  const shown = valueText(stored, language);
  // What the user types stays until the saved value comes back (or a save fails: then it waits for a retry);
  // a stored value that changes (this save, another user's, a change of language) shows anew.
  const [draft, setDraft] = useState<{ text: string; from: string; sent: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const current = draft !== null && draft.from === shown ? draft : null;
  const text = current ? current.text : shown;
  const unit = unitOf(question);
  const fieldId = `value-${question.id ?? 'new'}`;
  const labelId = `${fieldId}-label`;
  // Where the figure comes from: the stored one; chosen before a first figure, it goes with it.
  const [chosen, setChosen] = useState<Provenance | null>(null);
  const provenance: Provenance = stored !== null && isProvenance(value?.provenance) ? value.provenance : (chosen ?? DEFAULT_PROVENANCE);

  const commit = () => {
    if (current === null || current.sent) return;
    const typed = current.text.trim();
    if (typed === '') {
      setProblem(null);
      if (stored === null) setDraft(null);
      else {
        setDraft({ ...current, sent: true });
        onSave({ inputAnswer: null, multipleChoiceOption: [] });
      }
      return;
    }
    const parsed = parseLocaleNumber(typed, language);
    if (parsed === null) {
      setProblem(t('errors.answer-value-not-number'));
      return;
    }
    const next = { inputAnswer: parsed, multipleChoiceOption: [] };
    const found = problemText(question, next);
    setProblem(found);
    if (found !== null) return;
    if (parsed === stored) setDraft(null);
    else {
      setDraft({ ...current, sent: true });
      onSave({ ...next, provenance });
    }
  };

  return (
    <Stack gap={4} maw={360}>
      <Text id={labelId} size="sm" fw={500}>
        {unit ? t('answering.question.valueWithUnit', { unit }) : t('answering.question.value')}
      </Text>
      <TextInput
        id={fieldId}
        aria-labelledby={`${labelledBy} ${labelId}`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        readOnly={readOnly}
        error={problem}
        rightSection={unit ? <Text size="xs" c="dimmed" pr={4}>{unit}</Text> : null}
        rightSectionWidth={unit ? 96 : undefined}
        placeholder={language === 'de' ? '0,0' : '0.0'}
        onChange={(event) => {
          setDraft({ text: event.currentTarget.value, from: shown, sent: false });
          setProblem(null);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {readOnly ? (
        stored !== null ? <Text size="xs" c="dimmed" data-testid={`provenance-${question.id ?? 'new'}`}>{t('answering.provenance.shown', { provenance: t(`answering.provenance.kinds.${provenance}`) })}</Text> : null
      ) : (
        <Stack gap={2} data-provenance>
          <Text id={`${fieldId}-provenance`} size="xs" c="dimmed">{t('answering.provenance.label')}</Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={`${labelledBy} ${fieldId}-provenance`}
            value={provenance}
            data={PROVENANCES.map((p) => ({ value: p, label: t(`answering.provenance.kinds.${p}`) }))}
            onChange={(picked) => {
              if (!isProvenance(picked) || picked === provenance) return;
              setChosen(picked);
              // A stored figure keeps its value; only where it comes from changes (logged on its own).
              if (stored !== null) onSave({ inputAnswer: stored, multipleChoiceOption: [], provenance: picked });
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** A virtual question: computed from another answer, nothing to type (its live score comes with scoring). */
function Computed() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('answering.question.computedHint')}
    </Text>
  );
}
