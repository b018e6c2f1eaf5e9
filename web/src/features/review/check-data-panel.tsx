import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { NodeProgressBar } from '../answering/answering-panels.tsx';
import { useAnswering } from '../answering/answering-context.ts';
import { CheckOutliers } from '../answering/outlier-flags.tsx';
import { QuestionnaireAuditLog } from './audit-log.tsx';
import { useCheck } from './check-context.ts';

/**
 * The data of the check screen (spec 02 §2 "check … with data"): the object, its group, the questionnaire, its state
 * and tester, progress, the review's figures and the audit log.
 */
export function CheckDataPanel() {
  const { t } = useTranslation();
  const { filled, language, ref, route } = useAnswering();
  const { counts, objectName, groupName, testerName } = useCheck();
  const p = filled.progress;
  return (
    <Stack>
      <Title order={2} size="h3">{t('review.check.dataTitle')}</Title>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Table verticalSpacing={4} aria-label={t('review.check.factsLabel')}>
            <Table.Tbody>
              <Table.Tr><Table.Th w={160}>{t('review.check.object')}</Table.Th><Table.Td>{objectName}</Table.Td></Table.Tr>
              {groupName ? <Table.Tr><Table.Th>{t('review.check.group')}</Table.Th><Table.Td>{groupName}</Table.Td></Table.Tr> : null}
              <Table.Tr><Table.Th>{t('answering.fields.title')}</Table.Th><Table.Td>{`${filled.title} (${filled.version})`}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('answering.fields.state')}</Table.Th><Table.Td><StatusBadge kind="object" state={filled.assetQuestionnaireState} /></Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('review.check.tester')}</Table.Th><Table.Td>{testerName ?? t('review.jobs.noTester')}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('answering.fields.reportingYear')}</Table.Th><Table.Td>{filled.reportingYear ?? '–'}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('answering.fields.createdAt')}</Table.Th><Table.Td>{formatDateTime(filled.createdAt, language)}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <NodeProgressBar node="all" label={t('answering.progress.answered')} />
            <Text size="sm">{t('answering.progress.reviewRelevant', { answered: p.reviewRelevantAnswered, total: p.reviewRelevant })}</Text>
            <Text size="sm">{t('review.check.eligible', { count: counts.eligible })}</Text>
            <Text size="sm">{t('review.count.reviewedOf', { reviewed: counts.reviewed, required: counts.required })}</Text>
            <Text size="sm">{t('review.count.breakdown', { accepted: counts.accepted, rejected: counts.rejected, evidence: counts.evidenceRequested })}</Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      <CheckOutliers />
      <QuestionnaireAuditLog refOf={ref} qid={route.qid} />
    </Stack>
  );
}
