import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowUpRight, IconCalendarEvent, IconCalendarPlus, IconFileExport, IconSend, IconTrash, IconUsersGroup, IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { AREA_QUESTION_ID } from '@ecore/core/scoring/outliers.ts';
import { expiredEvidenceOf, mayUpdateToActive, submitProblem } from '@ecore/core/answering/submission.ts';
import { countsAsEvidence, reportingDateOf } from '@ecore/core/answering/evidence.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { mayViewScore } from '@ecore/core/scoring/score-access.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { deleteQuestionnaire, fillFromGroupDefaults, runsKey, type Answer, saveGroupDefaults, startNextYear, submitForReview, updateToActive } from './answering-api.ts';
import { annualStartProblem } from '@ecore/core/answering/annual.ts';
import { OutlierNote } from './outlier-flags.tsx';
import { useAnswering } from './answering-context.ts';
import { dataPath } from './answering-paths.ts';
import { assetActorOf, objectFactsOf } from './answering-rights.ts';
import { NodeProgressBar } from './answering-panels.tsx';
import { ActionDialog, ExportDialog } from './questionnaire-dialogs.tsx';
import { SubmitOutliers } from './outlier-flags.tsx';
import { ReportingYearDialog } from './reporting-year-dialog.tsx';
// Review (issue 14): what review left for the owner, and the audit log of the questionnaire's state changes.
import { QuestionnaireAuditLog } from '../review/audit-log.tsx';
import { OwnerReviewNotes } from '../review/owner-review.tsx';
// Scoring: the questionnaire's score is the one the results show (the same call and cache).
import { fetchObjectScore, objectScoreKey } from '../scoring/scoring-api.ts';
import { VerifiedBadge } from '../scoring/score-display.tsx';

/** The answers as core's submission rule reads them: their documents counted, those expired on the reporting date named. */
const answersWithExpiredEvidence = (answers: readonly Answer[], reportingYear: number | null) => {
  const reportingDate = reportingYear === null ? null : reportingDateOf(reportingYear);
  return answers.map((a) => ({
    ...a,
    documentCount: a.documents.length,
    expiredEvidence: reportingDate === null ? [] : a.documents.filter((d) => !countsAsEvidence({ validFrom: d.validFrom ?? null, validUntil: d.validUntil ?? null }, reportingDate)).map((d) => d.fileName),
  }));
};

type Dialog = 'submit' | 'takeOver' | 'saveDefaults' | 'update' | 'export' | 'delete' | 'annual' | 'reportingYear';

/**
 * The data of an object's questionnaire (spec 02 §2 "data"): title, version, state, progress, reporting year,
 * the place of the live score, and the actions of spec 02 §2 that the state and the user's role allow.
 */
export function DataPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { filled, ref, route, actor, language, readOnly, mayAct, lockedByOther, object, refresh } = useAnswering();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const p = filled.progress;
  const state = filled.assetQuestionnaireState;
  // Submitting (core submitProblem): offered to whoever may answer the object while the state allows it; what is
  // still missing (codes 3, 4) shows beside the button, and the server's refusal says it again.
  // A library document expired on the reporting date does not count as evidence (code 11 names it).
  const submitFacts = { mayAct, state, structure: filled, answers: answersWithExpiredEvidence(filled.answers, filled.reportingYear) };
  const problem = submitProblem(submitFacts);
  const submittable = problem._tag === 'Right' || (problem.left !== 1 && problem.left !== 2);
  const submitHint = problem._tag === 'Left' && submittable ? t(`errors.questionnaire-change-${problem.left}`, { documents: expiredEvidenceOf(submitFacts).join(', ') }) : null;
  const updater = object !== null && mayUpdateToActive(assetActorOf(actor), objectFactsOf(object));
  const deletable = filled.canDelete === true;
  const close = () => setDialog(null);
  const done = () => {
    setDialog(null);
    void refresh();
    // A new reporting year (or state) moves the score and its stranding years: the data tab and the results read it anew.
    void mutate(objectScoreKey(ref.assetId, route.qid));
  };
  const groupName = filled.groupDefaults?.groupName ?? filled.assetGroupName ?? object?.assetGroupName ?? '';
  // Review (issue 14): after a decline or in Verification the same call resubmits (PUT asset/state, state=Review).
  const resubmitting = state === 'Declined' || state === 'Verification';

  return (
    <Stack>
      <Title order={2} size="h3">{t('answering.data.title')}</Title>
      {/* The gross floor area's flag (issue 40): the area is the object's, not a question's, so it stands here. */}
      <OutlierNote questionId={AREA_QUESTION_ID} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Table verticalSpacing={4} aria-label={t('answering.data.factsLabel')}>
            <Table.Tbody>
              <Table.Tr><Table.Th w={160}>{t('answering.fields.title')}</Table.Th><Table.Td>{filled.title}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('answering.fields.version')}</Table.Th><Table.Td>{filled.version}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('answering.fields.state')}</Table.Th><Table.Td><StatusBadge kind="object" state={state} /></Table.Td></Table.Tr>
              <Table.Tr>
                <Table.Th>{t('answering.fields.reportingYear')}</Table.Th>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" span>{filled.reportingYear ?? '–'}</Text>
                    {filled.canChangeReportingYear && filled.reportingYearRange && !lockedByOther ? (
                      <Button size="compact-xs" variant="subtle" leftSection={<IconCalendarEvent size={14} aria-hidden="true" />} onClick={() => setDialog('reportingYear')}>
                        {t('answering.reportingYear.open')}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr><Table.Th>{t('answering.fields.createdAt')}</Table.Th><Table.Td>{formatDateTime(filled.createdAt, language)}</Table.Td></Table.Tr>
              {filled.closedAt ? <Table.Tr><Table.Th>{t('answering.fields.closedAt')}</Table.Th><Table.Td>{formatDateTime(filled.closedAt, language)}</Table.Td></Table.Tr> : null}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <NodeProgressBar node="all" label={t('answering.progress.answered')} />
            <Text size="sm">{t('answering.progress.reviewRelevant', { answered: p.reviewRelevantAnswered, total: p.reviewRelevant })}</Text>
            <Text size="sm">{t('answering.progress.reviewed', { count: p.reviewed })}</Text>
            <Text size="sm">{t('answering.progress.evaluated', { count: p.evaluated })}</Text>
            {mayViewScore(actor) ? <LiveScore assetId={ref.assetId} qid={route.qid} /> : null}
          </Stack>
        </Paper>
      </SimpleGrid>

      <OwnerReviewNotes />

      {filled.canBeUpdatedToActiveQuestionnaire && !updater && object !== null ? (
        <Alert color="blue" variant="light">{t('answering.update.askAdministrator')}</Alert>
      ) : null}

      {/* Next year (issue 22): offered where the update is, to those who may start it; collectors ask the administrator. */}
      {annualStartProblem(state)._tag === 'Right' && !updater && object !== null && filled.id === object.questionnaireId ? (
        <Alert color="blue" variant="light">{t('answering.annual.askAdministrator')}</Alert>
      ) : null}

      <Group gap="sm">
        {filled.canStartNextYear && !lockedByOther ? (
          <Button leftSection={<IconCalendarPlus size={16} aria-hidden="true" />} onClick={() => setDialog('annual')}>
            {t('answering.annual.open')}
          </Button>
        ) : null}
        {submittable && !lockedByOther ? (
          <Button leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => setDialog('submit')}>
            {t(resubmitting ? 'review.owner.resubmit' : 'answering.submit.open')}
          </Button>
        ) : null}
        {filled.groupDefaults && mayAct && !readOnly ? (
          <Button variant="default" leftSection={<IconUsersGroup size={16} aria-hidden="true" />} onClick={() => setDialog('takeOver')}>
            {t('answering.takeOver.open')}
          </Button>
        ) : null}
        {filled.canSetGroupDefaultAnswers ? (
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />} onClick={() => setDialog('saveDefaults')}>
            {t('answering.saveDefaults.open')}
          </Button>
        ) : null}
        {filled.canBeUpdatedToActiveQuestionnaire && updater && !lockedByOther ? (
          <Button variant="default" leftSection={<IconArrowUpRight size={16} aria-hidden="true" />} onClick={() => setDialog('update')}>
            {t('answering.update.open')}
          </Button>
        ) : null}
        <Button variant="default" leftSection={<IconFileExport size={16} aria-hidden="true" />} onClick={() => setDialog('export')}>
          {t('answering.export.open')}
        </Button>
        {deletable && !lockedByOther ? (
          <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => setDialog('delete')}>
            {t('answering.delete.open')}
          </Button>
        ) : null}
      </Group>
      {submitHint && !lockedByOther ? <Text size="sm" c="dimmed">{submitHint}</Text> : null}
      {state !== 'Active' ? <QuestionnaireAuditLog refOf={ref} qid={route.qid} /> : null}

      {dialog === 'submit' ? (
        <ActionDialog
          title={t('answering.submit.title')}
          text={t('answering.submit.text', { title: filled.title })}
          confirmLabel={t('answering.submit.confirm')}
          run={() => submitForReview(ref)}
          extra={<SubmitOutliers />}
          successText={t('answering.submit.done')}
          errorKey="questionnaire-change-0"
          onDone={done}
          onClose={close}
        />
      ) : null}
      {dialog === 'takeOver' && filled.groupDefaults ? (
        <ActionDialog
          title={t('answering.takeOver.title')}
          text={t('answering.takeOver.text', { group: filled.groupDefaults.groupName, title: filled.groupDefaults.questionnaireTitle })}
          confirmLabel={t('answering.takeOver.confirm')}
          run={() => fillFromGroupDefaults(ref, route.qid)}
          successText={t('answering.takeOver.done')}
          errorKey="take-answers-from-group-error"
          onDone={done}
          onClose={close}
        />
      ) : null}
      {dialog === 'saveDefaults' ? (
        <ActionDialog
          title={t('answering.saveDefaults.title')}
          text={groupName ? t('answering.saveDefaults.text', { group: groupName }) : t('answering.saveDefaults.textNoGroup')}
          confirmLabel={t('answering.saveDefaults.confirm')}
          run={() => saveGroupDefaults(route.qid)}
          successText={t('answering.saveDefaults.done')}
          errorKey="save-answers-for-group-error"
          onDone={done}
          onClose={close}
        />
      ) : null}
      {dialog === 'update' ? (
        <ActionDialog
          title={t('answering.update.title')}
          text={t('answering.update.text', { title: filled.title, version: filled.version })}
          confirmLabel={t('answering.update.confirm')}
          run={async () => {
            const updated = await updateToActive(ref);
            // The object now runs on the new template: its questionnaire has another id.
            if (updated.id !== route.qid) void navigate(dataPath({ ...route, qid: updated.id }), { replace: true });
          }}
          successText={t('answering.update.done')}
          errorKey="questionnaire-update-to-active-error"
          onDone={done}
          onClose={close}
        />
      ) : null}
      {dialog === 'annual' ? (
        <ActionDialog
          title={t('answering.annual.title')}
          text={t('answering.annual.text', { year: (filled.reportingYear ?? 0) + 1, previous: filled.reportingYear ?? '' })}
          confirmLabel={t('answering.annual.confirm')}
          run={async () => {
            const started = await startNextYear(ref);
            void mutate(runsKey(ref.assetId, ref.isBuyerAsset));
            void navigate(dataPath({ ...route, qid: started.id }), { replace: true });
          }}
          successText={t('answering.annual.done')}
          errorKey="questionnaire-annual-invalid"
          onDone={done}
          onClose={close}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ActionDialog
          title={t('answering.delete.title')}
          text={t('answering.delete.text', { title: filled.title, version: filled.version })}
          confirmLabel={t('answering.delete.confirm')}
          destructive
          run={() => deleteQuestionnaire(ref, route.qid)}
          successText={t('answering.delete.done')}
          errorKey="questionnaire-delete-error"
          onDone={() => {
            setDialog(null);
            // The object page's bar lists the questionnaires of the object afresh.
            void mutate(runsKey(ref.assetId, ref.isBuyerAsset));
            void navigate(`/asset-management/objects/${ref.assetId}/${String(ref.isBuyerAsset)}/edit/data`, { replace: true });
          }}
          onClose={close}
        />
      ) : null}
      {dialog === 'export' ? <ExportDialog refOf={ref} qid={route.qid} onClose={close} /> : null}
      {dialog === 'reportingYear' && filled.reportingYearRange ? (
        <ReportingYearDialog refOf={ref} qid={route.qid} current={filled.reportingYear ?? filled.reportingYearRange.to} range={filled.reportingYearRange} onDone={done} onClose={close} />
      ) : null}
    </Stack>
  );
}

/**
 * The questionnaire's score (spec 02 §1: members see the real-time score, unverified until it is closed): the figure
 * of its results (GET …/questionnaire/{qid}/score, the cache the results page shares), so that the data tab, the
 * results and the object's header, which shows the same stored score of the latest questionnaire, never differ.
 */
function LiveScore({ assetId, qid }: { assetId: number; qid: number }) {
  const { t } = useTranslation();
  const { language } = useAnswering();
  const { data } = useSWR(objectScoreKey(assetId, qid), () => fetchObjectScore(assetId, qid), { revalidateOnFocus: false });
  return (
    <Group gap="xs" aria-label={t('answering.data.liveScore')}>
      <Text size="sm" fw={500}>{t('answering.data.liveScore')}:</Text>
      {data ? (
        <>
          <Text size="sm" fw={600} data-testid="live-score">{formatScore(data.result.ecore, language)}</Text>
          <VerifiedBadge verified={data.verified} />
        </>
      ) : (
        <Loader size="xs" aria-label={t('common.loading')} />
      )}
    </Group>
  );
}
