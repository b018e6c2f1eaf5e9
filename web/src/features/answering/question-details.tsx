import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Paper, ScrollArea, Skeleton, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mayChangeDocuments } from '@ecore/core/answering/documents.ts';
import { importedFrom } from '@ecore/core/imports/import-note.ts';
import { questionTitleIn, type Question } from '@ecore/core/questionnaires/template.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { changeLogKey, fetchChangeLog, saveComment, type Answer } from './answering-api.ts';
import { useAnswering, type DetailTab } from './answering-context.ts';
import { DocumentsPanel } from './documents-panel.tsx';

/**
 * The drawer of one question (UI.md: "a drawer, not a page"): comments with author and time, the evidence
 * documents with preview, and the change log.
 */
export function QuestionDetails({
  question,
  tab,
  onTab,
  onClose,
}: {
  question: Question | null;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language, answerOf, filled, readOnly, mayAct, lockedByOther, refresh } = useAnswering();
  const id = question?.id ?? 0;
  const answer = question ? answerOf(id) : undefined;
  // Evidence changes while the customer works on the questionnaire, Verification included (core mayChangeDocuments).
  const mayChange = mayAct && !lockedByOther && question !== null && question.type !== 'VirtualQuestion' && mayChangeDocuments(filled.assetQuestionnaireState);
  return (
    <Drawer
      opened={question !== null}
      onClose={onClose}
      position="right"
      size={520}
      title={question ? `${question.staticTitle} ${questionTitleIn(question, language)}` : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {question ? (
        <Tabs value={tab} onChange={(value) => value && onTab(value as DetailTab)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="comments">{t('answering.details.comments')}</Tabs.Tab>
            <Tabs.Tab value="documents">{t('answering.details.documents')}</Tabs.Tab>
            <Tabs.Tab value="changelog">{t('answering.details.changeLog')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="comments">
            <Comments key={id} questionId={id} answer={answer} mayComment={!readOnly} />
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            <DocumentsPanel answer={answer} language={language} mayChange={mayChange} onChanged={refresh} />
          </Tabs.Panel>
          <Tabs.Panel value="changelog">
            <ChangeLog questionId={id} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Drawer>
  );
}

function Comments({ questionId, answer, mayComment }: { questionId: number; answer: Answer | undefined; mayComment: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { ref, language, refresh } = useAnswering();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const comments = [...(answer?.comments ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const send = async () => {
    const comment = text.trim();
    if (!comment) return;
    setPending(true);
    try {
      await saveComment(ref, questionId, comment);
      setText('');
      notifySuccess(t('answering.comments.saved'));
      await refresh();
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="sm">
      {comments.length === 0 ? <Text size="sm" c="dimmed">{t('answering.comments.none')}</Text> : null}
      {comments.map((c) => (
        <Paper key={c.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" gap="xs">
            <Text size="xs" fw={600}>{c.authorName}</Text>
            <Text size="xs" c="dimmed">{formatDateTime(c.createdAt, language)}</Text>
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>{c.comment}</Text>
        </Paper>
      ))}
      {mayComment ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap="xs">
            <Textarea label={t('answering.comments.new')} autosize minRows={2} maxRows={8} value={text} onChange={(e) => setText(e.currentTarget.value)} />
            <Group justify="flex-end">
              <Button type="submit" size="sm" loading={pending} disabled={text.trim() === ''}>
                {t('answering.comments.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

const KIND_COLOURS: Record<string, string> = { Answered: 'green', ModifiedAnswer: 'blue', ModifiedProvenance: 'cyan', ModifiedQuestionnaireVersion: 'violet', RemovedAnswer: 'gray', CarriedFromPreviousYear: 'teal', ModifiedReportingYear: 'orange', Rejected: 'red', RejectionWithdrawn: 'green' };

function ChangeLog({ questionId }: { questionId: number }) {
  const { t } = useTranslation();
  const { ref, route, language } = useAnswering();
  const { data, error, mutate } = useSWR(changeLogKey(ref, route.qid, questionId), () => fetchChangeLog(ref, route.qid, questionId));
  if (error && !data) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('errors.table-load-error')}</Text>
          <Button size="compact-sm" variant="light" onClick={() => void mutate()}>{t('answering.changeLog.retry')}</Button>
        </Group>
      </Alert>
    );
  }
  if (!data) return <Stack gap={6}>{[0, 1, 2].map((i) => <Skeleton key={i} height={28} />)}</Stack>;
  if (data.length === 0) return <Text size="sm" c="dimmed">{t('answering.changeLog.none')}</Text>;
  const entries = [...data].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Table verticalSpacing={4} aria-label={t('answering.changeLog.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('answering.changeLog.kind')}</Table.Th>
          <Table.Th>{t('answering.changeLog.who')}</Table.Th>
          <Table.Th>{t('answering.changeLog.old')}</Table.Th>
          <Table.Th>{t('answering.changeLog.new')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>
              <Badge size="sm" variant="light" color={KIND_COLOURS[entry.kind] ?? 'gray'} tt="none">
                {t(`answering.changeLog.kinds.${entry.kind}`, { defaultValue: entry.kind })}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="xs">{entry.userName}</Text>
              <Text size="xs" c="dimmed">{formatDateTime(entry.at, language)}</Text>
              {importedFrom(entry.note) !== null ? <Text size="xs" c="dimmed">{t('answering.changeLog.imported', { file: importedFrom(entry.note) })}</Text> : null}
              {(entry.kind === 'Rejected' || entry.kind === 'RejectionWithdrawn') && entry.note ? (
                <Text size="xs" style={{ whiteSpace: 'pre-line' }}>{t('answering.changeLog.reason', { reason: entry.note })}</Text>
              ) : null}
            </Table.Td>
            <Table.Td><Text size="xs">{entry.oldValue ?? '–'}</Text></Table.Td>
            <Table.Td><Text size="xs">{entry.newValue ?? '–'}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
