import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { Answer, AnswerInput, QuestionnaireProgress } from './answering-api.ts';

/** The state of one answer's save (UI.md: saving, saved at 14:32, failed with a retry). */
export type SaveStatus =
  /** `input`: the value on its way, shown in place of the stored one until the server has it. */
  | { kind: 'saving'; input: AnswerInput }
  | { kind: 'saved'; at: Date }
  /** `input`: the value that did not reach the server, still shown, sent again by `retry`. */
  | { kind: 'failed'; error: unknown; input: AnswerInput; retry: () => void };

/** What the saver keeps of a failed save: the value, sent again by the retry. */
type KeptStatus = Exclude<SaveStatus, { kind: 'failed' }> | { kind: 'failed'; error: unknown; input: AnswerInput };

export interface SaverDeps {
  send: (input: AnswerInput) => Promise<{ answers: Answer[]; progress: QuestionnaireProgress }>;
  /**
   * Takes the server's answers into what the page shows; the answer counts as saved (and the stored value replaces the
   * one shown while saving) once the promise it returns has settled, so that a click in between sees the new value.
   */
  onSaved: (answers: Answer[], progress: QuestionnaireProgress, questionId: number) => void | Promise<void>;
  /** 423: another user holds the questionnaire's lock. */
  onLocked: (error: ApiError) => void;
  now?: () => Date;
}

/**
 * Saves answers one at a time per question, as the user goes. Saves of one question run in order and only
 * the newest value waiting is sent (a quick run of arrow keys through radio options sends the last choice);
 * saves of different questions run side by side.
 */
export const useAnswerSaver = (deps: SaverDeps) => {
  const [statuses, setStatuses] = useState<ReadonlyMap<number, KeptStatus>>(new Map());
  const depsRef = useRef(deps);
  useEffect(() => {
    depsRef.current = deps;
  });
  const queues = useRef(new Map<number, Promise<void>>());
  const newest = useRef(new Map<number, AnswerInput>());

  const setStatus = useCallback((questionId: number, status: KeptStatus) => {
    setStatuses((current) => new Map(current).set(questionId, status));
  }, []);

  const save = useCallback(
    (input: AnswerInput): Promise<void> => {
      const { questionId } = input;
      newest.current.set(questionId, input);
      setStatus(questionId, { kind: 'saving', input });
      const run = async (): Promise<void> => {
        // A newer value of the same question came while this one waited: only that one goes out.
        if (newest.current.get(questionId) !== input) return;
        const { send, onSaved, onLocked, now = () => new Date() } = depsRef.current;
        try {
          const saved = await send(input);
          await onSaved(saved.answers, saved.progress, questionId);
          if (newest.current.get(questionId) === input) setStatus(questionId, { kind: 'saved', at: now() });
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 423) onLocked(error);
          if (newest.current.get(questionId) === input) setStatus(questionId, { kind: 'failed', error, input });
        }
      };
      const queued = (queues.current.get(questionId) ?? Promise.resolve()).then(run);
      queues.current.set(questionId, queued);
      return queued;
    },
    [setStatus],
  );

  const statusOf = useCallback(
    (questionId: number): SaveStatus | undefined => {
      const status = statuses.get(questionId);
      if (status?.kind !== 'failed') return status;
      return { kind: 'failed', error: status.error, input: status.input, retry: () => void save(status.input) };
    },
    [statuses, save],
  );

  /** Some answer has not reached the server yet (on its way, or failed): leaving the page would lose it. */
  const unsaved = [...statuses.values()].some((status) => status.kind !== 'saved');

  return { save, statusOf, unsaved };
};
