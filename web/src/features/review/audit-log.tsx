import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { AUDIT_REASONS, auditReasonKey, type AuditReason } from '@ecore/core/review/audit.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import type { AssetRef } from '../answering/answering-api.ts';
import { auditKey, fetchAudit, fetchGroupAudit, groupAuditKey, type AuditRow } from './review-api.ts';

const isAuditReason = (reason: string): reason is AuditReason => (AUDIT_REASONS as readonly string[]).includes(reason);

/**
 * The append-only log of state changes (issue 14): who, in which role, when, from which state to which, and why;
 * oldest first, as the server keeps it.
 */
export function AuditLogTable({ rows, kind, label }: { rows: readonly AuditRow[]; kind: 'object' | 'group'; label: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('review.audit.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing={4} horizontalSpacing={8} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('review.audit.columns.at')}</Table.Th>
            <Table.Th>{t('review.audit.columns.who')}</Table.Th>
            <Table.Th>{t('review.audit.columns.from')}</Table.Th>
            <Table.Th>{t('review.audit.columns.to')}</Table.Th>
            <Table.Th>{t('review.audit.columns.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="xs">{formatDateTime(row.at, language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{row.userName === 'system' ? t('review.audit.system') : row.userName}</Text>
                {row.role ? <Text size="xs" c="dimmed">{t(`identity.roles.${row.role}`, { defaultValue: row.role })}</Text> : null}
              </Table.Td>
              <Table.Td>{row.from ? <StatusBadge kind={kind} state={row.from} /> : '–'}</Table.Td>
              <Table.Td>
                <StatusBadge kind={kind} state={row.to} />
              </Table.Td>
              <Table.Td>
                <Text size="xs">{isAuditReason(row.reason) ? t(`errors.${auditReasonKey(row.reason)}`) : row.reason}</Text>
                {row.note ? <Text size="xs">{t('review.audit.note', { note: row.note })}</Text> : null}
                {row.answersTouched.length > 0 ? (
                  <Text size="xs" c="dimmed">{t('review.audit.answersTouched', { count: row.answersTouched.length })}</Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Loading({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('errors.table-load-error')}</Text>
          <Button size="compact-sm" variant="light" onClick={retry}>{t('review.audit.retry')}</Button>
        </Group>
      </Alert>
    );
  }
  return <Stack gap={6}>{[0, 1].map((i) => <Skeleton key={i} height={24} />)}</Stack>;
}

/** The audit log of an object's filled questionnaire, under its heading (check screen and the owner's data page). */
export function QuestionnaireAuditLog({ refOf, qid }: { refOf: AssetRef; qid: number }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(auditKey(refOf, qid), () => fetchAudit(refOf, qid), { revalidateOnFocus: false });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">{t('review.audit.title')}</Title>
      {data ? <AuditLogTable rows={data} kind="object" label={t('review.audit.title')} /> : <Loading error={error} retry={() => void mutate()} />}
    </Stack>
  );
}

/**
 * The audit log of an object group (its submission with the sample, the review's outcome, the evaluator's decision);
 * nothing while the group was never submitted.
 */
export function GroupAuditLog({ groupId, name }: { groupId: number; name: string }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(groupAuditKey(groupId), () => fetchGroupAudit(groupId), { revalidateOnFocus: false });
  if (data && data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>{t('review.audit.groupTitle')}</Text>
      {data ? <AuditLogTable rows={data} kind="group" label={t('review.audit.groupLabel', { name })} /> : <Loading error={error} retry={() => void mutate()} />}
    </Stack>
  );
}
