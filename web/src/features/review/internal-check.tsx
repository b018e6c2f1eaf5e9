import { useMemo, useRef, useState } from 'react';
import { Badge, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import * as E from 'fp-ts/Either';
import { checkInternalNote, decideInternalMark, INTERNAL_NOTE_MAX_LENGTH, internallyChecked, type InternalMark } from '@ecore/core/review/internal-check.ts';
import type { Question } from '@ecore/core/questionnaires/template.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import type { AssetRef } from '../answering/answering-api.ts';
import { useAnswering } from '../answering/answering-context.ts';
import { useActionErrorText } from '../answering/questionnaire-dialogs.tsx';
import { useCheck } from './check-context.ts';
import { fetchInternalMarks, internalMarksKey, saveInternalMark } from './review-api.ts';

/*
 * The owner's internal check (DOMAIN.md §1): the internal tester's note and "internally checked" mark per answer,
 * written on its check screen and shown, read only, to the assigned tester and the owner. Who reads and who writes
 * is core's (internal-check.ts); the screens mount these parts only where core allows it.
 */

/** The internal marks of one filled questionnaire: one request per screen (every question shares the key). */
export function useInternalMarks(ref: AssetRef, qid: number) {
  const { data, error, mutate } = useSWR(internalMarksKey(ref, qid), () => fetchInternalMarks(ref, qid), { revalidateOnFocus: false });
  const byQuestion = useMemo(() => new Map((data ?? []).map((m) => [m.questionId, m])), [data]);
  return { marks: data, error, byQuestion, mutate };
}

/** The internal tester's count on its check screen: "3 Antworten intern geprüft" (it never joins the reviewed count). */
export function InternalCheckCount({ refOf, qid }: { refOf: AssetRef; qid: number }) {
  const { t } = useTranslation();
  const { marks } = useInternalMarks(refOf, qid);
  return (
    <Stack gap={2} maw={360} role="status" aria-label={t('review.internal.title')}>
      <Group gap="xs" wrap="nowrap">
        <IconShieldCheck size={18} aria-hidden="true" color="var(--mantine-color-teal-7)" />
        <Text size="sm" fw={700}>{t('review.internal.count', { count: internallyChecked(marks ?? []) })}</Text>
      </Group>
      <Text size="xs" c="dimmed">{t('review.internal.modeHint')}</Text>
    </Stack>
  );
}

const checkedBadge = (checked: boolean, label: string) => (
  <Badge variant="light" color={checked ? 'teal' : 'gray'} tt="none" leftSection={checked ? <IconShieldCheck size={12} aria-hidden="true" /> : null} style={{ flexShrink: 0 }}>
    {label}
  </Badge>
);

/** One answer's internal mark, read only, beside the answer: labelled as the owner's internal check. */
export function InternalMarkNote({ question }: { question: Question }) {
  const { t } = useTranslation();
  const { ref, route } = useAnswering();
  const { byQuestion } = useInternalMarks(ref, route.qid);
  const mark = byQuestion.get(question.id ?? 0);
  if (!mark) return null;
  const title = t('review.internal.ownerCheck');
  return (
    <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-teal-0)" role="note" aria-label={title}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" fw={600}>{title}</Text>
          {checkedBadge(mark.checked, t(mark.checked ? 'review.internal.checked' : 'review.internal.unchecked'))}
        </Group>
        {mark.note ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{mark.note}</Text> : null}
        <Text size="xs" c="dimmed">{t('review.internal.by', { name: mark.checkedBy || t('review.audit.system'), at: formatDateTime(mark.checkedAt, currentLanguage()) })}</Text>
      </Stack>
    </Paper>
  );
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

/**
 * The internal tester's controls under an answer on its check screen (instead of the tester's decisions): the
 * "internally checked" mark, which saves when ticked, and a note, which saves when the field is left; each save
 * shows its own state. No decision on the answer, no state change.
 */
export function InternalCheckControls({ question }: { question: Question }) {
  const { t } = useTranslation();
  const { ref, route } = useAnswering();
  const { facts } = useCheck();
  const { marks, byQuestion } = useInternalMarks(ref, route.qid);
  if (question.type === 'VirtualQuestion') return null;
  const title = t('review.internal.title');
  // Core's rule, asked with a plain mark: whether this answer can carry one now, and if not, why.
  const allowed = decideInternalMark(facts, question.id ?? 0, { checked: true });
  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-teal-0)" role="group" aria-label={title}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>{title}</Text>
        {E.isLeft(allowed) ? (
          <Text size="sm" c="dimmed">{t(`errors.${allowed.left}`)}</Text>
        ) : marks === undefined ? null : (
          <InternalMarkEditor question={question} mark={byQuestion.get(question.id ?? 0) ?? null} />
        )}
      </Stack>
    </Paper>
  );
}

function InternalMarkEditor({ question, mark }: { question: Question; mark: InternalMark | null }) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const { ref, route } = useAnswering();
  const { mutate } = useInternalMarks(ref, route.qid);
  const [checked, setChecked] = useState(mark?.checked ?? false);
  const [note, setNote] = useState(mark?.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>(mark ? { kind: 'saved', at: mark.checkedAt } : { kind: 'idle' });
  // What the server holds, and the saves one after another, so that a note left by ticking the box arrives first.
  const stored = useRef({ checked: mark?.checked ?? false, note: mark?.note ?? null });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const id = question.id ?? 0;

  const save = (next: { checked: boolean; note: string }) => {
    const decided = checkInternalNote(next.note);
    if (E.isLeft(decided)) {
      setNoteError(t(`errors.${decided.left}`));
      return;
    }
    setNoteError(null);
    const body = { checked: next.checked, note: decided.right };
    if (body.checked === stored.current.checked && body.note === stored.current.note) return;
    stored.current = body;
    setState({ kind: 'saving' });
    queue.current = queue.current.then(async () => {
      try {
        const saved = await saveInternalMark(ref, route.qid, id, body);
        setState({ kind: 'saved', at: saved.checkedAt });
        void mutate((current) => [...(current ?? []).filter((m) => m.questionId !== id), saved], { revalidate: false });
      } catch (failure) {
        stored.current = { checked: mark?.checked ?? false, note: mark?.note ?? null };
        setState({ kind: 'failed' });
        notifyError(actionErrorText(failure, 'internal-check-error'));
      }
    });
  };

  return (
    <>
      <Checkbox
        label={t('review.internal.mark')}
        checked={checked}
        onChange={(event) => {
          const value = event.currentTarget.checked;
          setChecked(value);
          save({ checked: value, note });
        }}
      />
      <Textarea
        label={t('review.internal.note')}
        description={t('review.internal.noteHint', { max: INTERNAL_NOTE_MAX_LENGTH })}
        autosize
        minRows={1}
        maxRows={6}
        value={note}
        error={noteError}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setNoteError(null);
        }}
        onBlur={() => save({ checked, note })}
      />
      <Text size="xs" c={state.kind === 'failed' ? 'red.8' : 'dimmed'} aria-live="polite">
        {state.kind === 'saving'
          ? t('review.internal.saving')
          : state.kind === 'saved'
            ? t('review.internal.savedAt', { at: formatDateTime(state.at, currentLanguage()) })
            : state.kind === 'failed'
              ? t('errors.internal-check-error')
              : ''}
      </Text>
    </>
  );
}
