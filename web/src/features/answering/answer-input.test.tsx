// @vitest-environment happy-dom
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { renderUi } from '../../testing/render.tsx';
import { AnswerInput, type AnswerValueInput } from './answer-input.tsx';
import { certificatesQuestion, deviationQuestion, energyQuestion, strategyQuestion } from './test-questionnaire.ts';

/*
 * The answer fields of spec 02 §2, §5: single choice (exactly one), multiple choice (an exclusive option stands
 * alone), value questions typed in the user's language (decimal comma in German, point in English) with the
 * KPI unit, a value above the maximum asks to check and re-enter, an emptied field clears the answer, and
 * virtual questions are computed and read-only. Texts are written out from the catalogues and core's messages.
 */

/** The field as the question card holds it: what is saved comes back as the stored value. */
function Field({ question, initial = null, language = 'de', onSave }: { question: Question; initial?: AnswerValueInput | null; language?: Language; onSave: (v: AnswerValueInput) => void }) {
  const [value, setValue] = useState<AnswerValueInput | null>(initial);
  return (
    <>
      <h3 id="title">{question.translations[0]!.title}</h3>
      <AnswerInput
        question={question}
        value={value}
        language={language}
        readOnly={false}
        labelledBy="title"
        onSave={(next) => {
          onSave(next);
          setValue(next.inputAnswer === null && next.multipleChoiceOption.length === 0 ? null : next);
        }}
      />
    </>
  );
}

const valueField = () => screen.getByRole('textbox') as HTMLInputElement;
const type = (text: string) => {
  fireEvent.change(valueField(), { target: { value: text } });
  fireEvent.blur(valueField());
};

describe('a value question', () => {
  it('reads a decimal comma in German and shows the KPI unit', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} onSave={onSave} />);
    expect(screen.getByText('Wert in kWh/m²/a')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Endenergieverbrauch gesamt Wert in kWh/m²/a' })).toBeTruthy();

    type('123,5');

    expect(onSave).toHaveBeenCalledExactlyOnceWith({ inputAnswer: 123.5, multipleChoiceOption: [], provenance: 'measured' });
    expect(valueField().value).toBe('123,5');
  });

  it('reads a decimal point in English', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} language="en" onSave={onSave} />, { language: 'en' });
    type('98.25');
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ inputAnswer: 98.25, multipleChoiceOption: [], provenance: 'measured' });
    expect(screen.getByText('Value in kWh/m²/a')).toBeTruthy();
  });

  it('shows a stored figure with a decimal comma in German and saves on Enter too', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} initial={{ inputAnswer: 1234.75, multipleChoiceOption: [] }} onSave={onSave} />);
    expect(valueField().value).toBe('1234,75');
    fireEvent.change(valueField(), { target: { value: '88,1' } });
    fireEvent.keyDown(valueField(), { key: 'Enter' });
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ inputAnswer: 88.1, multipleChoiceOption: [], provenance: 'measured' });
  });

  it('asks to check and re-enter a value above the maximum, and sends nothing', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} onSave={onSave} />);
    type('250000');
    expect(screen.getByText(/Der Wert ist größer als erwartet \(höchstens [\d.]+\)\. Bitte prüfen Sie ihn und geben Sie ihn erneut ein\./)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses text and negative figures with their messages', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} onSave={onSave} />);
    type('viel');
    expect(screen.getByText('Bitte geben Sie eine Zahl ein.')).toBeTruthy();
    type('-3');
    expect(screen.getByText('Der Wert darf nicht negativ sein.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says where a figure comes from: a stored figure changes only its provenance; one chosen first goes with the first figure', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} initial={{ inputAnswer: 140, multipleChoiceOption: [], provenance: 'measured' }} onSave={onSave} />);
    expect(screen.getByText('Herkunft des Werts')).toBeTruthy();
    fireEvent.click(screen.getByText('geschätzt'));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ inputAnswer: 140, multipleChoiceOption: [], provenance: 'estimated' });

    const first = vi.fn();
    await renderUi(<Field question={energyQuestion} onSave={first} />);
    fireEvent.click(screen.getAllByText('berechnet').at(-1)!);
    expect(first).not.toHaveBeenCalled();
    const fields = screen.getAllByRole('textbox');
    fireEvent.change(fields.at(-1)!, { target: { value: '75,5' } });
    fireEvent.blur(fields.at(-1)!);
    expect(first).toHaveBeenCalledExactlyOnceWith({ inputAnswer: 75.5, multipleChoiceOption: [], provenance: 'calculated' });
  });

  it('shows a read-only figure with its provenance', async () => {
    await renderUi(<AnswerInput question={energyQuestion} value={{ inputAnswer: 99, multipleChoiceOption: [], provenance: 'estimated' }} language="de" readOnly labelledBy="x" onSave={vi.fn()} />);
    expect(screen.getByText('Herkunft: geschätzt')).toBeTruthy();
    expect(screen.queryByText('Herkunft des Werts')).toBeNull();
  });

  it('clears the answer when the field is emptied', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} initial={{ inputAnswer: 12.5, multipleChoiceOption: [] }} onSave={onSave} />);
    expect(valueField().value).toBe('12,5');
    type('');
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ inputAnswer: null, multipleChoiceOption: [] });
    expect(valueField().value).toBe('');
  });

  it('sends nothing when the figure did not change', async () => {
    const onSave = vi.fn();
    await renderUi(<Field question={energyQuestion} initial={{ inputAnswer: 12.5, multipleChoiceOption: [] }} onSave={onSave} />);
    type('12,50');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('a single-choice question', () => {
  it('saves exactly the one option chosen, by click or by arrow key', async () => {
    const onSave = vi.fn();
    const { user } = await renderUi(<Field question={strategyQuestion} onSave={onSave} />);
    const group = screen.getByRole('radiogroup', { name: 'Gibt es eine ESG-Strategie?' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Teilweise' }));
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [2] });
    await user.click(screen.getByRole('radio', { name: 'Nein' }));
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [3] });
    expect((screen.getByRole('radio', { name: 'Nein' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Teilweise' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('a multiple-choice question', () => {
  const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('keeps several options, and an exclusive option stands alone: ticking it unticks the others and vice versa', async () => {
    const onSave = vi.fn();
    const { user } = await renderUi(<Field question={certificatesQuestion} onSave={onSave} />);
    await user.click(box(/^DGNB/));
    await user.click(box(/^LEED/));
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [11, 12] });

    await user.click(box(/^Keines/));
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [13] });
    expect(box(/^DGNB/).checked).toBe(false);
    expect(box(/^LEED/).checked).toBe(false);
    expect(screen.getByText('(schließt andere Antworten aus)')).toBeTruthy();

    await user.click(box(/^LEED/));
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [12] });
    expect(box(/^Keines/).checked).toBe(false);
  });

  it('unticking the last option clears the answer', async () => {
    const onSave = vi.fn();
    const { user } = await renderUi(<Field question={certificatesQuestion} initial={{ inputAnswer: null, multipleChoiceOption: [12] }} onSave={onSave} />);
    await user.click(box(/^LEED/));
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [] });
  });

  it('is ticked by keyboard alone', async () => {
    const onSave = vi.fn();
    const { user } = await renderUi(<Field question={certificatesQuestion} onSave={onSave} />);
    await user.tab();
    expect(document.activeElement).toBe(box(/^DGNB/));
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(onSave).toHaveBeenLastCalledWith({ inputAnswer: null, multipleChoiceOption: [11, 12] });
  });
});

describe('a virtual question', () => {
  it('is computed: nothing to type or choose', async () => {
    await renderUi(<Field question={deviationQuestion} onSave={vi.fn()} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Diese Frage wird aus einer anderen Antwort berechnet und kann nicht bearbeitet werden.')).toBeTruthy();
  });
});
