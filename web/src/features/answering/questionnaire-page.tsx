import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { mayChangeDocuments } from '@ecore/core/answering/documents.ts';
import { nextUnanswered, progress, progressByNode } from '@ecore/core/answering/progress.ts';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import { mayReadInternalMarks } from '@ecore/core/review/internal-check.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import type { Question } from '@ecore/core/questionnaires/template.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { createLockHeartbeat, HEARTBEAT_TICK_MS, type LockHeartbeat } from '../questionnaires/lock-heartbeat.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useAnswerSaver } from './answer-saver.ts';
import {
  changeLogKey,
  fetchFilled,
  fetchObjectSummary,
  filledKey,
  lockQuestionnaire,
  objectKey,
  releaseLockOnExit,
  runsKey,
  saveAnswers,
  type Answer,
  type AssetRef,
  type FilledQuestionnaire,
  type LockHolder,
} from './answering-api.ts';
import { AnsweringContext, type AnsweringSession, type DetailTab } from './answering-context.ts';
import { nodePath, parseId, type QuestionnaireRoute } from './answering-paths.ts';
import { assetActorOf, objectFactsOf } from './answering-rights.ts';
import { AnsweringTree } from './answering-tree.tsx';
import { ObjectQuestionnaireBar } from './object-questionnaire-bar.tsx';
import { LockedNotice, LockHolderText } from './questionnaire-dialogs.tsx';
import { QuestionDetails } from './question-details.tsx';
import { InternalMarkNote } from '../review/internal-check.tsx';
import { findQuestionPlace, placeOfQuestion } from './structure.ts';

/** Whether a key press goes into a field that takes text (there "n" is a letter, not a shortcut). */
const typesText = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName !== 'INPUT') return false;
  return !['radio', 'checkbox', 'button', 'submit', 'reset', 'file'].includes((target as HTMLInputElement).type);
};

/**
 * The holder named by a 423: the questionnaire's lock status (the shared API client keeps only the key and the
 * message of an error answer), else the server's message.
 */
const lockHolderOf = (ref: AssetRef, qid: number, error: ApiError): Promise<LockHolder> =>
  fetchFilled(ref, qid).then(
    (filled) => ({ name: filled.lockedStatus?.currentLockerName ?? error.message, lastActivity: filled.lockedStatus?.lastActivity ?? null }),
    () => ({ name: error.message, lastActivity: null }),
  );

/** The answers merged with newer ones of a save (by question). */
const mergeAnswers = (answers: readonly Answer[], saved: readonly Answer[]): Answer[] => {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  for (const answer of saved) byQuestion.set(answer.questionId, answer);
  return [...byQuestion.values()];
};

/**
 * /asset-management/objects/{assetId}/{isBuyerAsset}/questionnaire/{questionnaireId}: one filled questionnaire
 * (spec 02 §2). A page per questionnaire (the key), so that nothing of one questionnaire reaches another.
 */
export function QuestionnairePage() {
  const session = useSession();
  const params = useParams();
  const assetId = parseId(params.assetId);
  const qid = parseId(params.questionnaireId);
  const isBuyerAsset = params.isBuyerAsset === 'true' ? true : params.isBuyerAsset === 'false' ? false : null;
  if (!session) return null;
  if (assetId === null || qid === null || isBuyerAsset === null) return <Navigate to="/asset-management/objects" replace />;
  const route = { assetId, isBuyerAsset, qid };
  return <Questionnaire key={`${assetId}-${String(isBuyerAsset)}-${qid}`} route={route} actor={session.actor} />;
}

type LockState =
  /** Not asked yet (or the user may not answer). */
  | { kind: 'none' }
  | { kind: 'held' }
  /** The lock call failed for another reason: the server's saves decide. */
  | { kind: 'failed' }
  /** Someone else holds it: read-only; the notice shows until OK. */
  | { kind: 'other'; holder: LockHolder; notice: boolean }
  /** Taken by someone else while this page was open (ours had expired). */
  | { kind: 'lost'; holder: string };

function Questionnaire({ route, actor }: { route: QuestionnaireRoute; actor: Actor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const language = currentLanguage();
  const { mutate } = useSWRConfig();
  const ref = useMemo<AssetRef>(() => ({ assetId: route.assetId, isBuyerAsset: route.isBuyerAsset }), [route.assetId, route.isBuyerAsset]);
  const key = filledKey(ref, route.qid);
  const { data: filled, error, mutate: reload } = useSWR(key, () => fetchFilled(ref, route.qid), { revalidateOnFocus: false });
  const { data: object } = useSWR(objectKey(ref), () => fetchObjectSummary(ref), { revalidateOnFocus: false });
  const [lock, setLock] = useState<LockState>({ kind: 'none' });
  const [details, setDetails] = useState<{ questionId: number; tab: DetailTab } | null>(null);
  const heartbeat = useRef<LockHeartbeat | null>(null);
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  // The lock (DOMAIN.md §7): taken when the questionnaire opens for someone who may change it (its answers, or
  // in Verification its documents), given back on leaving.
  const mayAct = filled ? (object ? mayAnswer(assetActorOf(actor), objectFactsOf(object)) : filled.canEdit) : false;
  // The owner reads its internal tester's marks beside the answers (DOMAIN.md §1), where core lets the caller.
  const readsInternalMarks = filled && object ? mayReadInternalMarks(assetActorOf(actor), { ...objectFactsOf(object), status: filled.assetQuestionnaireState }) : false;
  const mayLock = filled ? filled.canEdit || (mayAct && mayChangeDocuments(filled.assetQuestionnaireState)) : false;
  useEffect(() => {
    if (!mayLock) return;
    let live = true;
    let held = false;
    lockQuestionnaire(ref, route.qid, true)
      .then(() => {
        held = true;
        if (live) setLock({ kind: 'held' });
      })
      .catch(async (failure: unknown) => {
        if (!live) return;
        if (failure instanceof ApiError && failure.statusCode === 423) {
          const holder = await lockHolderOf(ref, route.qid, failure);
          if (live) setLock({ kind: 'other', holder, notice: true });
        } else {
          setLock({ kind: 'failed' });
          notifyError(tRef.current('errors.questionnaire-lock-error'));
        }
      });
    const onExit = () => {
      if (held) releaseLockOnExit(ref, route.qid);
    };
    // Back from the browser's page cache: the lock given back on leaving is taken again (a save meets a new holder's 423).
    const onReturn = (event: PageTransitionEvent) => {
      if (held && event.persisted) void lockQuestionnaire(ref, route.qid, true).catch(() => undefined);
    };
    window.addEventListener('pagehide', onExit);
    window.addEventListener('pageshow', onReturn);
    return () => {
      live = false;
      window.removeEventListener('pagehide', onExit);
      window.removeEventListener('pageshow', onReturn);
      void lockQuestionnaire(ref, route.qid, false).catch(() => undefined);
    };
  }, [mayLock, ref, route.qid]);

  const loseLock = useCallback((holder: string) => {
    setLock({ kind: 'lost', holder });
    notifyError(tRef.current('answering.lock.lostTitle'));
  }, []);

  // The heartbeat, as in the template editor: while the lock is ours and the tab visible, refresh it regularly.
  const holdsLock = lock.kind === 'held' && mayLock;
  useEffect(() => {
    if (!holdsLock) return;
    const beat = createLockHeartbeat({
      now: () => Date.now(),
      isVisible: () => document.visibilityState === 'visible',
      refresh: async () => {
        try {
          await lockQuestionnaire(ref, route.qid, true);
          return { kind: 'ok' };
        } catch (failure) {
          if (failure instanceof ApiError && failure.statusCode === 423) return { kind: 'lost', holder: (await lockHolderOf(ref, route.qid, failure)).name };
          return { kind: 'failed' };
        }
      },
      onLost: loseLock,
    });
    heartbeat.current = beat;
    const timer = window.setInterval(() => void beat.poke('interval'), HEARTBEAT_TICK_MS);
    const onVisibility = () => void beat.poke('visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      beat.stop();
      heartbeat.current = null;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [holdsLock, ref, route.qid, loseLock]);

  const saver = useAnswerSaver({
    send: (input) => saveAnswers(ref, [input]),
    onSaved: async (answers, serverProgress, questionId) => {
      void mutate(changeLogKey(ref, route.qid, questionId));
      void heartbeat.current?.poke('edit');
      await mutate(key, (current: FilledQuestionnaire | undefined) => (current ? { ...current, answers: mergeAnswers(current.answers, answers), progress: serverProgress } : current), {
        revalidate: false,
      });
    },
    onLocked: (failure) => {
      heartbeat.current?.stop();
      void lockHolderOf(ref, route.qid, failure).then((holder) => loseLock(holder.name));
    },
  });

  // Closing the tab while an answer is on its way or failed asks first (UI.md "Leaving a page with unsaved changes").
  useEffect(() => {
    if (!saver.unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver.unsaved]);

  const answersByQuestion = useMemo(() => new Map((filled?.answers ?? []).map((a) => [a.questionId, a])), [filled?.answers]);
  const nodes = useMemo(() => (filled ? progressByNode(filled, filled.answers) : null), [filled]);
  const overall = useMemo(() => (filled ? progress(filled, filled.answers, filled.assetQuestionnaireState) : null), [filled]);

  const refresh = useCallback(async () => {
    await Promise.all([reload(), mutate(runsKey(ref.assetId, ref.isBuyerAsset))]);
  }, [reload, mutate, ref]);

  const lockedByOther = lock.kind === 'other' || lock.kind === 'lost';
  // Until the lock is answered, a lock the questionnaire shows as held keeps the fields closed: nobody types into
  // a questionnaire that turns out to be someone else's.
  const lockPending = mayLock && lock.kind === 'none';
  const readOnly = !filled?.canEdit || lockedByOther || (lockPending && filled.lockedStatus?.isLocked === true);
  const lockHolder = lock.kind === 'other' ? lock.holder.name : lock.kind === 'lost' ? lock.holder : null;

  const currentQuestion = params.questionId ? Number(params.questionId) : undefined;
  const goToNextUnanswered = useCallback(() => {
    if (!filled) return;
    const next = nextUnanswered(filled, filled.answers, currentQuestion);
    const place = next === null ? null : findQuestionPlace(filled.clusters, next);
    if (!place) {
      notifySuccess(tRef.current('answering.next.allAnswered'));
      return;
    }
    void navigate(nodePath(route, placeOfQuestion(place)));
  }, [filled, currentQuestion, navigate, route]);

  // Alt+N anywhere, or "n" where it is no letter being typed, jumps to the next unanswered question.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey) return;
      const altN = event.altKey && event.code === 'KeyN';
      const plainN = !event.altKey && !event.shiftKey && event.key === 'n' && !typesText(event.target);
      if (!altN && !plainN) return;
      event.preventDefault();
      goToNextUnanswered();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goToNextUnanswered]);

  const context = useMemo<AnsweringSession | null>(() => {
    if (!filled || !nodes || !overall) return null;
    return {
      filled,
      route,
      ref,
      actor,
      language,
      object: object ?? null,
      mayAct,
      lockedByOther,
      readOnly,
      lockHolder,
      answerOf: (questionId) => answersByQuestion.get(questionId),
      nodeProgress: (node) => (node === 'all' ? overall : nodes[node]),
      save: saver.save,
      statusOf: saver.statusOf,
      openDetails: (questionId, tab) => setDetails({ questionId, tab }),
      refresh,
      ...(readsInternalMarks ? { reviewSlot: (question: Question) => <InternalMarkNote question={question} /> } : {}),
    };
  }, [filled, nodes, overall, route, ref, actor, language, object, mayAct, lockedByOther, readOnly, lockHolder, answersByQuestion, saver.save, saver.statusOf, refresh, readsInternalMarks]);

  if (error && !filled) {
    const missing = error instanceof ApiError && error.statusCode === 404;
    return (
      <>
        <PageHeader />
        <Alert color={missing ? 'orange' : 'red'} variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t(missing ? 'answering.page.notFound' : 'errors.table-load-error')}</Text>
            {missing ? null : <Button size="xs" variant="light" onClick={() => void reload()}>{t('answering.page.retry')}</Button>}
          </Group>
        </Alert>
      </>
    );
  }
  if (!filled || !context) {
    return (
      <>
        <PageHeader />
        <Group justify="center" p="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </>
    );
  }

  const detailQuestion = details ? (findQuestionPlace(filled.clusters, details.questionId)?.question ?? null) : null;

  return (
    <>
      <PageHeader
        title={object?.objectName ?? filled.assetName ?? t('answering.page.title')}
        actions={
          <Button
            variant="light"
            leftSection={<IconPlayerTrackNext size={16} aria-hidden="true" />}
            rightSection={<Kbd size="xs">Alt+N</Kbd>}
            aria-keyshortcuts="Alt+N n"
            onClick={goToNextUnanswered}
          >
            {t('answering.next.button')}
          </Button>
        }
      />
      <ObjectQuestionnaireBar assetId={route.assetId} isBuyerAsset={route.isBuyerAsset} active="questionnaire" object={object ?? null} withSummary={false} />
      <Stack gap="sm" mb="md">
        <Group gap="sm">
          <Text size="sm" fw={600}>{`${filled.title} (${filled.version})`}</Text>
          <StatusBadge kind="object" state={filled.assetQuestionnaireState} />
          <Text size="sm" c="dimmed">{t('answering.progress.answeredOf', { answered: overall?.answered ?? 0, total: overall?.total ?? 0 })}</Text>
        </Group>
        {lock.kind === 'lost' ? (
          <Alert color="red" role="alert" title={t('answering.lock.lostTitle')}>
            {t('answering.lock.lost', { name: lock.holder })}
          </Alert>
        ) : lock.kind === 'other' ? (
          <Alert color="orange" title={t('answering.lock.title')}>
            <LockHolderText holder={lock.holder} />
          </Alert>
        ) : null}
        {!filled.canEdit ? <Alert color="blue" variant="light">{t('answering.page.readOnly')}</Alert> : null}
      </Stack>
      <AnsweringContext value={context}>
        <Grid gutter="md">
          <Grid.Col span={4}>
            <AnsweringTree />
          </Grid.Col>
          <Grid.Col span={8}>
            <Outlet />
          </Grid.Col>
        </Grid>
        <QuestionDetails
          question={detailQuestion}
          tab={details?.tab ?? 'comments'}
          onTab={(tab) => setDetails((d) => (d ? { ...d, tab } : d))}
          onClose={() => setDetails(null)}
        />
      </AnsweringContext>
      {lock.kind === 'other' && lock.notice ? (
        <LockedNotice holder={lock.holder} onClose={() => setLock({ kind: 'other', holder: lock.holder, notice: false })} />
      ) : null}
    </>
  );
}
