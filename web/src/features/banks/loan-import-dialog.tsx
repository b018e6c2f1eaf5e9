import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Stack, Switch, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mayCommitImport, previewRows, type ImportResult } from '@ecore/core/imports/import-table.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ImportFileField } from '../imports/import-file-field.tsx';
import { ImportPreviewTable } from '../imports/import-preview-table.tsx';
import { uploadImport } from '../imports/imports-api.ts';

/**
 * Import of a loan tape (docs/banks.md): choose a CSV or Excel file, check it (a preview of every row with its
 * errors, nothing stored), then import all its rows — offered only once no row fails (core mayCommitImport).
 */
export function LoanImportDialog({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);

  const close = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
    onClose();
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    const answer = await uploadImport(file, dryRun, setProgress, 'loans');
    setProgress(null);
    if (answer.ok && !dryRun) {
      notifySuccess(t('banks.import.imported', { count: answer.result.created + answer.result.updated + answer.result.unchanged }));
      onImported();
      close();
      return;
    }
    setPreview(answer.result);
    if (!answer.ok) {
      const text = answer.error.message || t('banks.import.uploadError');
      setFailure(text);
      notifyError(text);
    }
  };

  const rows = preview ? previewRows(preview.rows, errorsOnly) : [];
  return (
    <Modal opened={opened} onClose={close} title={t('banks.import.title')} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Text size="sm">{t('banks.import.hint')}</Text>
        <Group align="end" wrap="nowrap">
          <ImportFileField
            w="100%"
            label={t('banks.import.file')}
            placeholder={t('banks.import.filePlaceholder')}
            clearLabel={t('banks.import.clearFile')}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setPreview(null);
              setFailure(null);
            }}
            disabled={progress !== null}
          />
          <Button leftSection={<IconFileUpload size={16} />} disabled={!file || progress !== null} onClick={() => void send(true)}>
            {t('banks.import.check')}
          </Button>
        </Group>
        {progress !== null ? <Progress value={Math.round(progress * 100)} aria-label={t('banks.import.progress')} animated /> : null}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        {preview ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t('banks.import.summary', { created: preview.created, updated: preview.updated, unchanged: preview.unchanged, failed: preview.failed })}</Text>
              <Switch label={t('banks.import.errorsOnly')} checked={errorsOnly} onChange={(e) => setErrorsOnly(e.currentTarget.checked)} />
            </Group>
            <ImportPreviewTable rows={rows} label={t('banks.import.previewTable')} statusText={(status) => t(`banks.import.statuses.${status}`)} />
            {mayCommitImport(preview) ? (
              <Group justify="flex-end">
                <Button onClick={() => void send(false)} disabled={progress !== null}>
                  {t('banks.import.commit', { count: preview.rows.length })}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
