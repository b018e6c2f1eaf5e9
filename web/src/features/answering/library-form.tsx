import { useState } from 'react';
import { Button, FileInput, Group, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as E from 'fp-ts/Either';
import { checkEvidenceFields, type EvidenceFields, type EvidenceType } from '@ecore/core/answering/evidence.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { ACCEPTED_FILES, uploadProblem } from './documents-panel.tsx';
import { describeEvidence, uploadEvidence, type EvidenceEntry } from './evidence-api.ts';
import { useTypeOptions } from './library-picker.tsx';

type FieldErrors = Partial<Record<keyof EvidenceFields | 'file', string>>;

/**
 * Uploading a document into the library (title, type, validity, the file) or describing one again: core's rules
 * (checkEvidenceFields, the file's kind and size) are checked before anything is sent; the server's refusal names
 * its field in the dialog.
 */
export function LibraryForm({ entry, onDone, onClose }: { entry: EvidenceEntry | null; onDone: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const typeOptions = useTypeOptions();
  const [fields, setFields] = useState<EvidenceFields>({
    title: entry?.title ?? '', type: entry?.type ?? 'other', validFrom: entry?.validFrom ?? null, validUntil: entry?.validUntil ?? null,
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const set = <K extends keyof EvidenceFields>(key: K, value: EvidenceFields[K]) => setFields((current) => ({ ...current, [key]: value }));

  const send = async () => {
    setProblem(null);
    const checked = checkEvidenceFields(fields);
    const found: FieldErrors = E.isLeft(checked) ? Object.fromEntries(checked.left.map((e) => [e.path, t(`errors.${e.key}`)])) : {};
    if (entry === null) {
      if (!file) found.file = t('errors.validation-required');
      else if (await uploadProblem(file)) found.file = t('errors.document-invalid');
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || E.isLeft(checked)) return;
    setProgress(0);
    try {
      if (entry === null) await uploadEvidence(checked.right, file!, setProgress);
      else await describeEvidence(entry.id, checked.right);
      notifySuccess(t(entry === null ? 'answering.library.uploaded' : 'answering.library.saved', { name: checked.right.title }));
      await onDone();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) setErrors(Object.fromEntries(error.fields.map((f) => [f.path, f.message])));
      else setProblem(errorText(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened onClose={progress === null ? onClose : () => undefined} title={t(entry === null ? 'answering.library.upload' : 'answering.library.edit')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <TextInput label={t('answering.library.title')} value={fields.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} required data-autofocus />
        <Select
          label={t('answering.library.type')}
          data={typeOptions}
          value={fields.type}
          onChange={(value) => value && set('type', value as EvidenceType)}
          allowDeselect={false}
          error={errors.type}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow align="flex-start">
          <DateField label={t('answering.library.validFrom')} value={fields.validFrom ?? ''} onChange={(v) => set('validFrom', v || null)} error={errors.validFrom} />
          <DateField label={t('answering.library.validUntil')} value={fields.validUntil ?? ''} onChange={(v) => set('validUntil', v || null)} error={errors.validUntil} />
        </Group>
        {entry === null ? (
          <FileInput
            label={t('answering.library.file')}
            description={t('answering.documents.rules')}
            accept={ACCEPTED_FILES}
            value={file}
            onChange={setFile}
            error={errors.file}
            required
            leftSection={<IconUpload size={16} aria-hidden="true" />}
          />
        ) : null}
        {progress !== null && entry === null ? <Progress value={progress * 100} aria-label={t('answering.documents.progress')} animated /> : null}
        {problem ? <Text size="sm" c="red" role="alert">{problem}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={progress !== null}>{t('common.cancel')}</Button>
          <Button onClick={() => void send()} loading={progress !== null}>{t(entry === null ? 'answering.library.uploadConfirm' : 'answering.library.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
