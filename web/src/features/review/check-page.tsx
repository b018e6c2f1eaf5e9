import { useCallback, useMemo, useState, type RefCallback } from 'react';
import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { progress, progressByNode } from '@ecore/core/answering/progress.ts';
import { reviewCounts } from '@ecore/core/review/answer-review.ts';
import { mayCheckInternally, mayReadInternalMarks } from '@ecore/core/review/internal-check.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { fetchObjectSummary, objectKey, type Answer, type AssetRef } from '../answering/answering-api.ts';
import { AnsweringContext, type AnsweringSession, type DetailTab } from '../answering/answering-context.ts';
import { parseId } from '../answering/answering-paths.ts';
import { AnsweringTree } from '../answering/answering-tree.tsx';
import { QuestionDetails } from '../answering/question-details.tsx';
import { findQuestionPlace } from '../answering/structure.ts';
import { checkBase, CheckContext, type CheckSession } from './check-context.ts';
import { fetchLatest, fetchReviewConfig, latestKey, REVIEW_CONFIG_KEY, type ReviewedQuestionnaire } from './review-api.ts';
import { InternalCheckControls, InternalCheckCount, InternalMarkNote } from './internal-check.tsx';
import { questionnaireFacts, reviewAssetFacts } from './review-facts.ts';
import { ReviewControls } from './review-controls.tsx';
import { ReviewCount } from './review-count.tsx';
import { StateChangeButtons } from './state-change-buttons.tsx';

/** Where the bar with the count and the state changes sticks: below the header (64 px) and a gap. */
const BAR_TOP_PX = 72;

/** The height of an element as drawn (border included), kept up to date while it changes. */
function useHeight(): [number, RefCallback<HTMLElement>] {
  const [height, setHeight] = useState(0);
  const ref = useCallback<RefCallback<HTMLElement>>((element) => {
    if (!element) return;
    const measure = () => setHeight(element.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [height, ref];
}

/**
 * /job-management/check/{assetId}/{isBuyerAsset} (spec 02 §2): the object's latest filled questionnaire with data,
 * metadata and the same tree and question views as answering (answering's panels, answers read-only), the review
 * controls under each answer, and the reviewed count with the state changes always in view.
 */
export function CheckPage() {
  const session = useSession();
  const params = useParams();
  const assetId = parseId(params.assetId);
  const isBuyerAsset = params.isBuyerAsset === 'true' ? true : params.isBuyerAsset === 'false' ? false : null;
  if (!session) return null;
  if (assetId === null || isBuyerAsset === null) return <Navigate to="/job-management" replace />;
  return <Check key={`${assetId}-${String(isBuyerAsset)}`} refOf={{ assetId, isBuyerAsset }} actor={session.actor} />;
}

/** The answers merged with one the server returned (by question). */
const withAnswer = (answers: readonly Answer[], answer: Answer): Answer[] =>
  answers.some((a) => a.questionId === answer.questionId) ? answers.map((a) => (a.questionId === answer.questionId ? answer : a)) : [...answers, answer];

function Check({ refOf, actor }: { refOf: AssetRef; actor: Actor }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data: filled, error, mutate } = useSWR(latestKey(refOf), () => fetchLatest(refOf), { revalidateOnFocus: false });
  const { data: object } = useSWR(objectKey(refOf), () => fetchObjectSummary(refOf), { revalidateOnFocus: false });
  const { data: config } = useSWR(REVIEW_CONFIG_KEY, fetchReviewConfig, { revalidateOnFocus: false });
  const [details, setDetails] = useState<{ questionId: number; tab: DetailTab } | null>(null);
  const [barHeight, measureBar] = useHeight();

  const refresh = useCallback(() => mutate(), [mutate]);
  const applyAnswer = useCallback(
    (answer: Answer) => {
      void mutate((current: ReviewedQuestionnaire | undefined) => (current ? { ...current, answers: withAnswer(current.answers, answer) } : current), { revalidate: true });
    },
    [mutate],
  );

  const route = useMemo(() => (filled ? { ...refOf, qid: filled.id, base: checkBase(refOf.assetId, refOf.isBuyerAsset) } : null), [filled, refOf]);
  const nodes = useMemo(() => (filled ? progressByNode(filled, filled.answers) : null), [filled]);
  const overall = useMemo(() => (filled ? progress(filled, filled.answers, filled.assetQuestionnaireState) : null), [filled]);
  const answersByQuestion = useMemo(() => new Map((filled?.answers ?? []).map((a) => [a.questionId, a])), [filled?.answers]);

  const check = useMemo<CheckSession | null>(() => {
    if (!filled) return null;
    const asset = reviewAssetFacts(
      actor,
      {
        id: refOf.assetId,
        organisationId: object?.organisationId ?? -1,
        assetGroupId: object?.assetGroupId ?? filled.assetGroupId ?? -1,
        isBuyerAsset: refOf.isBuyerAsset,
        ...(filled.review?.testerUserId === undefined ? {} : { testerUserId: filled.review.testerUserId }),
      },
      filled.assetQuestionnaireState,
    );
    const facts = questionnaireFacts({
      actor,
      asset,
      filled,
      numberOfReviewedAnswers: config?.reviewProcess.numberOfReviewedAnswers,
      // The server says whether the object is a (sampled) sheet of a group under review: the group itself may be
      // hidden from the tester, and asking for it would only fail.
      groupSheet: filled.review?.groupSheet ?? null,
    });
    const number = facts.numberOfReviewedAnswers ?? 16;
    return {
      filled,
      facts,
      // The owner's internal tester checks internally (DOMAIN.md §1); the others read its marks where core lets them.
      internal: object !== undefined && mayCheckInternally(facts.actor, asset, filled.assetQuestionnaireState),
      readsInternalMarks: object !== undefined && mayReadInternalMarks(facts.actor, asset),
      counts: reviewCounts(facts.structure, facts.answers, number),
      numberOfReviewedAnswers: number,
      objectName: object?.objectName ?? filled.assetName ?? '',
      groupName: filled.assetGroupName ?? object?.assetGroupName ?? null,
      testerName: filled.review?.testerName ?? null,
      applyAnswer,
      refresh,
    };
  }, [filled, actor, refOf, object, config, applyAnswer, refresh]);

  const answering = useMemo<AnsweringSession | null>(() => {
    if (!filled || !route || !nodes || !overall) return null;
    return {
      filled,
      route,
      ref: refOf,
      actor,
      language,
      object: object ?? null,
      mayAct: false,
      lockedByOther: false,
      readOnly: true,
      lockHolder: null,
      answerOf: (questionId) => answersByQuestion.get(questionId),
      nodeProgress: (node) => (node === 'all' ? overall : nodes[node]),
      save: async () => undefined,
      statusOf: () => undefined,
      openDetails: (questionId, tab) => setDetails({ questionId, tab }),
      refresh,
      reviewSlot: (question) =>
        check?.internal ? (
          <InternalCheckControls question={question} />
        ) : (
          <>
            <ReviewControls question={question} />
            {check?.readsInternalMarks ? <InternalMarkNote question={question} /> : null}
          </>
        ),
    };
  }, [filled, route, nodes, overall, refOf, actor, language, object, answersByQuestion, refresh, check?.internal, check?.readsInternalMarks]);

  if (error && !filled) {
    const missing = error instanceof ApiError && error.statusCode === 404;
    return (
      <>
        <PageHeader />
        <Alert color={missing ? 'orange' : 'red'} variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t(missing ? 'review.check.notFound' : 'errors.table-load-error')}</Text>
            {missing ? (
              <Button component={Link} to="/job-management/objects" size="xs" variant="light">{t('review.check.backToList')}</Button>
            ) : (
              <Button size="xs" variant="light" onClick={() => void mutate()}>{t('review.check.retry')}</Button>
            )}
          </Group>
        </Alert>
      </>
    );
  }
  if (!filled || !check || !answering) {
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
        title={check.objectName || t('review.check.title')}
        actions={
          <Button component={Link} to="/job-management/objects" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
            {t('review.check.backToList')}
          </Button>
        }
      />
      {/* The count and the state changes stay in view while the tester goes through the questions (UI.md). */}
      <Paper ref={measureBar} data-testid="review-bar" withBorder p="sm" radius="md" mb="md" pos="sticky" top={BAR_TOP_PX} style={{ zIndex: 3 }} bg="var(--mantine-color-body)">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Text size="sm" fw={600}>{`${filled.title} (${filled.version})`}</Text>
              <StatusBadge kind="object" state={filled.assetQuestionnaireState} />
            </Group>
            <Text size="xs" c="dimmed">
              {t('review.check.testerLine', { tester: check.testerName ?? t('review.jobs.noTester') })}
            </Text>
          </Stack>
          <ReviewCount counts={check.counts} numberOfReviewedAnswers={check.numberOfReviewedAnswers} />
          {check.internal ? (
            // The internal tester decides nothing on the questionnaire: its own count instead of state changes.
            <InternalCheckCount refOf={refOf} qid={filled.id} />
          ) : (
            <Stack gap={4} align="flex-end">
              <StateChangeButtons facts={check.facts} refOf={refOf} name={check.objectName} />
            </Stack>
          )}
        </Group>
      </Paper>
      <CheckContext value={check}>
        <AnsweringContext value={answering}>
          <Grid gutter="md">
            <Grid.Col span={4}>
              {/* The tree stays in view below the bar (its height changes with the state buttons shown). */}
              <AnsweringTree stickyTop={BAR_TOP_PX + barHeight + 16} />
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
      </CheckContext>
    </>
  );
}
