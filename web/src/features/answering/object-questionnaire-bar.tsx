import { useState } from 'react';
import { Button, Group, Tabs, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { mayStartQuestionnaire } from '@ecore/core/answering/submission.ts';
import { newRunStarts } from '@ecore/core/answering/annual.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useSession } from '../../lib/session.ts';
import { fetchRuns, runsKey, startQuestionnaire } from './answering-api.ts';
import { dataPath } from './answering-paths.ts';
import { assetActorOf, objectFactsOf } from './answering-rights.ts';
import { ActionDialog } from './questionnaire-dialogs.tsx';
// Scoring (issue 15): the results of the latest questionnaire, offered where a score is seen or membership would show it.
import { offersResults } from '@ecore/core/scoring/score-access.ts';
import { objectResultsPath } from '../scoring/results-paths.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';

/**
 * The link bar "Daten | Fragebogen" of an object (spec 02 §2): which template version the object runs on, with
 * its state and progress, and "start questionnaire" where none exists and the user may start one; after a questionnaire
 * finished with a label, only a secondary "start blank" (core's newRunStarts).
 */
export function ObjectQuestionnaireBar({
  assetId,
  isBuyerAsset,
  active,
  object = null,
  withSummary = true,
}: {
  assetId: number;
  isBuyerAsset: boolean;
  active: 'data' | 'questionnaire' | 'results';
  /** The object, once loaded: who may start its questionnaire is core's mayStartQuestionnaire. */
  object?: { id: number; objectName: string; organisationId: number; assetGroupId: number; isBuyerAsset: boolean } | null;
  /** Which version, state and progress (the questionnaire page shows its own, live). */
  withSummary?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const mayStart = object !== null && session !== null && mayStartQuestionnaire(assetActorOf(session.actor), objectFactsOf(object));
  const objectName = object?.objectName;
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: runs } = useSWR(runsKey(assetId, isBuyerAsset), () => fetchRuns(assetId, isBuyerAsset), { revalidateOnFocus: false });
  const [starting, setStarting] = useState(false);
  const latest = runs?.[0] ?? null;
  // One primary start: on a finished questionnaire with a label it is "Neues Jahr beginnen" (the questionnaire's
  // data page); the blank start stays a secondary choice whose text says it leaves last year's answers behind.
  const starts = newRunStarts(latest?.assetQuestionnaireState ?? null);
  const base = `/asset-management/objects/${assetId}/${String(isBuyerAsset)}`;

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap" gap="md">
        <Tabs
          value={active}
          onChange={(value) => {
            if (value === 'data') void navigate(`${base}/edit/data`);
            else if (value === 'questionnaire' && latest) void navigate(dataPath({ assetId, isBuyerAsset, qid: latest.id }));
            else if (value === 'results' && latest) void navigate(objectResultsPath(assetId, isBuyerAsset, latest.id));
          }}
        >
          <Tabs.List aria-label={t('answering.objectBar.label')}>
            <Tabs.Tab {...ROUTE_TAB} value="data">{t('answering.objectBar.data')}</Tabs.Tab>
            <Tabs.Tab {...ROUTE_TAB} value="questionnaire" disabled={!latest}>
              {t('answering.objectBar.questionnaire')}
            </Tabs.Tab>
            {session !== null && offersResults(session.actor) ? (
              <Tabs.Tab {...ROUTE_TAB} value="results" disabled={!latest}>
                {t('scoring.common.results')}
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
        </Tabs>
        <Group gap="sm" wrap="nowrap">
          {!withSummary ? null : latest ? (
            <>
              <Text size="sm">{t('answering.objectBar.runsOn', { title: latest.title, version: latest.version })}</Text>
              <StatusBadge kind="object" state={latest.assetQuestionnaireState} />
              <Text size="sm" c="dimmed">{t('answering.progress.answeredOf', { answered: latest.progress.answered, total: latest.progress.total })}</Text>
            </>
          ) : runs && !latest ? (
            <Text size="sm" c="dimmed">{t('answering.objectBar.none')}</Text>
          ) : null}
          {runs && mayStart && starts.primary === 'blank' ? (
            <Button size="sm" leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={() => setStarting(true)}>
              {t('answering.start.open')}
            </Button>
          ) : null}
          {runs && mayStart && starts.secondary === 'blank' ? (
            <Button size="sm" variant="subtle" color="gray" onClick={() => setStarting(true)}>
              {t('answering.start.openBlank')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {starting ? (
        <ActionDialog
          title={t(starts.secondary === 'blank' ? 'answering.start.titleBlank' : 'answering.start.title')}
          text={
            starts.secondary === 'blank'
              ? t('answering.start.textBlank', { name: objectName ?? '' })
              : objectName
                ? t('answering.start.text', { name: objectName })
                : t('answering.start.textNoName')
          }
          confirmLabel={t('answering.start.confirm')}
          run={async () => {
            const started = await startQuestionnaire({ assetId, isBuyerAsset });
            await mutate(runsKey(assetId, isBuyerAsset));
            void navigate(dataPath({ assetId, isBuyerAsset, qid: started.id }));
          }}
          successText={t('answering.start.done')}
          errorKey="questionnaire-start-error"
          onDone={() => setStarting(false)}
          onClose={() => setStarting(false)}
        />
      ) : null}
    </>
  );
}
