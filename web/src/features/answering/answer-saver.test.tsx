// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Answer, AnswerInput } from './answering-api.ts';
import { useAnswerSaver } from './answer-saver.ts';
import { answer } from './test-questionnaire.ts';

/*
 * Answers save one at a time per question (UI.md "Answering"): saves of one question go out in order and only the
 * newest waiting value is sent, so a quick run of arrow keys through radio options sends the last choice; saves
 * of different questions do not wait for each other.
 */

const progress = { answered: 1, total: 3, reviewed: 0, evaluated: 0, reviewRelevant: 3, reviewRelevantAnswered: 1 };
const choice = (questionId: number, option: number): AnswerInput => ({ questionId, inputAnswer: null, multipleChoiceOption: [option] });

const deferredSend = () => {
  const calls: { input: AnswerInput; finish: () => void }[] = [];
  const send = vi.fn(
    (input: AnswerInput) =>
      new Promise<{ answers: Answer[]; progress: typeof progress }>((resolve) => {
        calls.push({ input, finish: () => resolve({ answers: [answer(input.questionId, input)], progress }) });
      }),
  );
  return { send, calls };
};

describe('the answer saver', () => {
  it('sends only the newest of the values that waited behind a save of the same question', async () => {
    const { send, calls } = deferredSend();
    const onSaved = vi.fn();
    const { result } = renderHook(() => useAnswerSaver({ send, onSaved, onLocked: vi.fn() }));

    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.save(choice(101, 1));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.input).toEqual(choice(101, 1));

    // Two more choices while the first is on its way: only the last one follows it.
    let rest: Promise<void>[] = [];
    act(() => {
      rest = [2, 3].map((option) => result.current.save(choice(101, option)));
    });
    expect(result.current.statusOf(101)).toMatchObject({ kind: 'saving', input: choice(101, 3) });
    expect(result.current.unsaved).toBe(true);

    act(() => calls[0]!.finish());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.input).toEqual(choice(101, 3));
    act(() => calls[1]!.finish());
    await act(() => Promise.all([first, ...rest]));

    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current.statusOf(101)?.kind).toBe('saved');
    expect(result.current.unsaved).toBe(false);
    expect(onSaved).toHaveBeenCalledTimes(2);
  });

  it('counts an answer saved only once the page has taken the server\'s answers (no click in between meets the old value)', async () => {
    const { send, calls } = deferredSend();
    let taken: () => void = () => undefined;
    const onSaved = vi.fn(() => new Promise<void>((resolve) => (taken = resolve)));
    const { result } = renderHook(() => useAnswerSaver({ send, onSaved, onLocked: vi.fn() }));
    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = result.current.save(choice(101, 1));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.finish());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    // The page has not taken the answers yet: the value on its way is still the one shown.
    expect(result.current.statusOf(101)).toMatchObject({ kind: 'saving', input: choice(101, 1) });
    await act(async () => {
      taken();
      await saving;
    });
    expect(result.current.statusOf(101)?.kind).toBe('saved');
  });

  it('saves different questions side by side', async () => {
    const { send, calls } = deferredSend();
    const { result } = renderHook(() => useAnswerSaver({ send, onSaved: vi.fn(), onLocked: vi.fn() }));
    act(() => {
      void result.current.save(choice(101, 1));
      void result.current.save(choice(102, 11));
    });
    await waitFor(() => expect(calls.map((c) => c.input.questionId)).toEqual([101, 102]));
  });
});
