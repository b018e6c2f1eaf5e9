import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Tabs, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { scoreWithheld, type ScoreWithheld } from '@ecore/core/scoring/score-access.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { fetchFilled, fetchObjectSummary, filledKey, objectKey } from '../answering/answering-api.ts';
import { parseId } from '../answering/answering-paths.ts';
import { ObjectQuestionnaireBar } from '../answering/object-questionnaire-bar.tsx';
import { ObjectResultsContext, type ObjectResults } from './results-context.ts';
import { objectResultsPath, resultsTabOf } from './results-paths.ts';
import { VerifiedBadge } from './score-display.tsx';
import { fetchObjectScore, objectScoreKey } from './scoring-api.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';

/**
 * /asset-management/objects/{assetId}/{isBuyerAsset}/edit/results/{questionnaireId} (spec 02 §2): the results of
 * one filled questionnaire with the tabs overview and details. Who sees a score, and why the others do not (asked to
 * become a member, or told it is not their role's), is core's scoreWithheld.
 */
export function ObjectResultsPage() {
  const session = useSession();
  const params = useParams();
  const assetId = parseId(params.assetId);
  const qid = parseId(params.questionnaireId);
  const isBuyerAsset = params.isBuyerAsset === 'true' ? true : params.isBuyerAsset === 'false' ? false : null;
  if (!session) return null;
  if (assetId === null || qid === null || isBuyerAsset === null) return <Navigate to="/asset-management/objects" replace />;
  const withheld = scoreWithheld(session.actor);
  if (withheld !== null) return <NotMember assetId={assetId} isBuyerAsset={isBuyerAsset} reason={withheld} />;
  return <Results key={`${assetId}-${String(isBuyerAsset)}-${qid}`} assetId={assetId} isBuyerAsset={isBuyerAsset} qid={qid} />;
}

/**
 * Spec 02 §1, §6: without a score the results are not shown, only why: the invitation to become a member (buyer
 * organisations), or that scores are not the role's (core scoreWithheld).
 */
export function ScoreWithheldNotice({ reason, title, children }: { reason: ScoreWithheld; title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader {...(title === undefined ? {} : { title })} />
      {children}
      <Alert color="blue" variant="light" role="status">
        {t(`errors.${reason}`)}
      </Alert>
    </>
  );
}

/** The object's page frame (its name, the bar) around the invitation, so that the Results tab leads somewhere. */
function NotMember({ assetId, isBuyerAsset, reason }: { assetId: number; isBuyerAsset: boolean; reason: ScoreWithheld }) {
  const ref = { assetId, isBuyerAsset };
  const { data: object } = useSWR(objectKey(ref), () => fetchObjectSummary(ref), { revalidateOnFocus: false });
  return (
    <ScoreWithheldNotice reason={reason} {...(object ? { title: object.objectName } : {})}>
      <ObjectQuestionnaireBar assetId={assetId} isBuyerAsset={isBuyerAsset} active="results" object={object ?? null} withSummary={false} />
    </ScoreWithheldNotice>
  );
}

function Results({ assetId, isBuyerAsset, qid }: { assetId: number; isBuyerAsset: boolean; qid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();
  const ref = useMemo(() => ({ assetId, isBuyerAsset }), [assetId, isBuyerAsset]);
  const { data: score, error, mutate: reload } = useSWR(objectScoreKey(assetId, qid), () => fetchObjectScore(assetId, qid), { revalidateOnFocus: false });
  // The titles of clusters, categories, sections, questions and options: the answering call, joined by ids.
  const { data: filled } = useSWR(filledKey(ref, qid), () => fetchFilled(ref, qid), { revalidateOnFocus: false });
  const { data: object } = useSWR(objectKey(ref), () => fetchObjectSummary(ref), { revalidateOnFocus: false });
  const tab = resultsTabOf(location.pathname);

  const context = useMemo<ObjectResults | null>(
    () => (score ? { assetId, isBuyerAsset, qid, language, score, filled: filled ?? null } : null),
    [assetId, isBuyerAsset, qid, language, score, filled],
  );

  const header = <PageHeader title={object?.objectName ?? filled?.assetName ?? t('scoring.results.title')} />;
  const bar = <ObjectQuestionnaireBar assetId={assetId} isBuyerAsset={isBuyerAsset} active="results" object={object ?? null} withSummary={false} />;

  if (error && !score) {
    const missing = error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 403);
    return (
      <>
        {header}
        {bar}
        <Alert color={missing ? 'orange' : 'red'} variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{missing ? t('scoring.results.notFound') : t('errors.score-fetch-error')}</Text>
            {missing ? null : (
              <Button size="xs" variant="light" onClick={() => void reload()}>
                {t('scoring.common.retry')}
              </Button>
            )}
          </Group>
        </Alert>
      </>
    );
  }
  if (!context) {
    return (
      <>
        {header}
        {bar}
        <Group justify="center" p="xl">
          <Loader aria-label={t('scoring.common.loading')} />
        </Group>
      </>
    );
  }

  return (
    <>
      {header}
      {bar}
      <Group gap="sm" mb="md">
        {filled ? <Text size="sm" fw={600}>{t('scoring.results.questionnaire', { title: filled.title, version: filled.version })}</Text> : null}
        <StatusBadge kind="object" state={context.score.assetQuestionnaireState} />
        <VerifiedBadge verified={context.score.verified} />
      </Group>
      <Tabs value={tab} onChange={(value) => void navigate(objectResultsPath(assetId, isBuyerAsset, qid, value === 'details' ? 'details' : 'overview'))} mb="md">
        <Tabs.List aria-label={t('scoring.results.tabs.label')}>
          <Tabs.Tab {...ROUTE_TAB} value="overview">{t('scoring.results.tabs.overview')}</Tabs.Tab>
          <Tabs.Tab {...ROUTE_TAB} value="details">{t('scoring.results.tabs.details')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ObjectResultsContext value={context}>
        <Outlet />
      </ObjectResultsContext>
    </>
  );
}
