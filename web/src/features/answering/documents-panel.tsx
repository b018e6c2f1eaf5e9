import { useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, FileButton, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBooks, IconDownload, IconEye, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentKind, MAX_DOCUMENT_BYTES } from '@ecore/core/answering/documents.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { isAbortError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { deleteDocument, documentPath, downloadDocument, uploadDocument, type Answer, type AnswerDocument } from './answering-api.ts';
import { filePreviewPath, previewExtension } from './answering-paths.ts';
import { IconAction } from './icon-action.tsx';
import { LibraryPicker } from './library-picker.tsx';

/** The file types the picker offers (spec 02 §5: PDF and JPG). */
export const ACCEPTED_FILES = 'application/pdf,image/jpeg,.pdf,.jpg,.jpeg';

/**
 * Whether a chosen file may be sent: core's rule on its first bytes and its size (PDF or JPG, at most 10 MB),
 * checked before the upload starts so that nobody waits for a refusal. The server checks again.
 */
export const uploadProblem = async (file: Blob): Promise<'document-invalid' | null> => {
  if (file.size > MAX_DOCUMENT_BYTES) return 'document-invalid';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return documentKind(head, file.size)._tag === 'Left' ? 'document-invalid' : null;
};

export const fileSize = (bytes: number, language: Language): string =>
  bytes >= 1024 * 1024 ? `${formatLocaleNumber(bytes / (1024 * 1024), language, 1)} MB` : `${formatLocaleNumber(Math.max(1, Math.round(bytes / 1024)), language, 0)} KB`;

/**
 * The evidence of one answer: the list (preview, download, delete), the upload with its progress, and the choice of
 * a document of the organisation's library (docs/evidence.md).
 */
export function DocumentsPanel({
  answer,
  language,
  mayChange,
  onChanged,
  noteOf,
}: {
  answer: Answer | undefined;
  language: Language;
  mayChange: boolean;
  onChanged: () => Promise<unknown>;
  /** What the screen adds under a document (the check screen: where it was already checked). */
  noteOf?: (document: AnswerDocument) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AnswerDocument | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const documents = answer?.documents ?? [];

  const send = async (file: File | null) => {
    if (!file || !answer) return;
    setProblem(null);
    const refused = await uploadProblem(file);
    if (refused) {
      setProblem(t(`errors.${refused}`));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ name: file.name, fraction: 0 });
    try {
      await uploadDocument(answer.id, file, (fraction) => setProgress({ name: file.name, fraction }), controller.signal);
      notifySuccess(t('answering.documents.uploadDone', { name: file.name }));
      await onChanged();
    } catch (error) {
      if (!isAbortError(error)) {
        const text = errorText(error);
        setProblem(text);
        notifyError(text);
      }
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const download = async (document: AnswerDocument) => {
    try {
      await downloadDocument(document);
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDocument(toDelete.id);
      notifySuccess(t('answering.documents.deleted', { name: toDelete.fileName }));
      setToDelete(null);
      await onChanged();
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="sm">
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">{t('answering.documents.none')}</Text>
      ) : (
        <Table verticalSpacing={4} aria-label={t('answering.documents.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('answering.documents.name')}</Table.Th>
              <Table.Th>{t('answering.documents.uploaded')}</Table.Th>
              <Table.Th aria-label={t('answering.documents.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>{document.fileName}</Text>
                  <Text size="xs" c="dimmed">{fileSize(document.size, language)}</Text>
                  {noteOf?.(document)}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{document.uploadedBy}</Text>
                  <Text size="xs" c="dimmed">{formatDateTime(document.uploadedAt, language)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('answering.documents.preview', { name: document.fileName })} withinPortal>
                      <ActionIcon
                        component={Link}
                        to={filePreviewPath(previewExtension(document), documentPath(document.id))}
                        target="_blank"
                        variant="subtle"
                        aria-label={t('answering.documents.preview', { name: document.fileName })}
                      >
                        <IconEye size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    <IconAction label={t('answering.documents.download', { name: document.fileName })} onClick={() => void download(document)}>
                      <IconDownload size={16} aria-hidden="true" />
                    </IconAction>
                    {mayChange ? (
                      <IconAction label={t('answering.documents.delete', { name: document.fileName })} color="red" onClick={() => setToDelete(document)}>
                        <IconTrash size={16} aria-hidden="true" />
                      </IconAction>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {mayChange && !answer ? <Text size="sm" c="dimmed">{t('answering.documents.answerFirst')}</Text> : null}
      {mayChange && answer ? (
        progress ? (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {t('answering.documents.uploading', { name: progress.name, percent: Math.round(progress.fraction * 100) })}
              </Text>
              <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={12} aria-hidden="true" />} onClick={() => upload.current?.abort()}>
                {t('answering.documents.cancelUpload')}
              </Button>
            </Group>
            <Progress value={progress.fraction * 100} aria-label={t('answering.documents.progress')} animated />
          </Stack>
        ) : (
          <Group gap="xs">
            <FileButton onChange={(file) => void send(file)} accept={ACCEPTED_FILES}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden="true" />}>
                  {t('answering.documents.upload')}
                </Button>
              )}
            </FileButton>
            <Button variant="light" leftSection={<IconBooks size={16} aria-hidden="true" />} onClick={() => setChoosing(true)}>
              {t('answering.library.choose')}
            </Button>
            <Text size="xs" c="dimmed">{t('answering.documents.rules')}</Text>
          </Group>
        )
      ) : null}
      {problem ? <Text size="sm" c="red" role="alert">{problem}</Text> : null}
      {choosing && answer ? <LibraryPicker answerId={answer.id} onClose={() => setChoosing(false)} onChanged={onChanged} /> : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('answering.documents.confirmDelete.title')}
        confirmLabel={t('answering.documents.confirmDelete.confirm')}
        destructive
        pending={deleting}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? t('answering.documents.confirmDelete.text', { name: toDelete.fileName }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
