import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { VERSION_PATTERN } from '@ecore/core/questionnaires/schemas.ts';
import { QUESTIONNAIRE_TYPES, type QuestionnaireType } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { useFirstErrorFocus } from '../../components/forms/focus-first-error.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createTemplate, downloadExport, type LoadedTemplate } from './questionnaires-api.ts';

export const errorText = (t: (key: string) => string, error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : t(`errors.${fallback}`);

/** Create a template, or duplicate `source` (spec 02 §2 create/duplicate dialog). */
export function TemplateFormDialog({
  opened, onClose, onDone, source,
}: { opened: boolean; onClose: () => void; onDone: (template: LoadedTemplate) => void; source: { id: number; title: string } | null }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { title: source ? `${source.title}` : '', version: '', type: 'Ecore' as QuestionnaireType },
    validate: {
      title: (v) => (v.trim() ? null : t('errors.validation-required')),
      version: (v) => (VERSION_PATTERN.test(v.trim()) ? null : t('errors.questionnaire-version-format')),
    },
  });
  const [formRef, requestErrorFocus] = useFirstErrorFocus();
  const submit = async (values: typeof form.values) => {
    setPending(true);
    try {
      const created = await createTemplate({ title: values.title.trim(), version: values.version.trim(), type: values.type, ...(source ? { sourceId: source.id } : {}) });
      notifySuccess(t(source ? 'questionnaires.dialogs.duplicated' : 'questionnaires.dialogs.created'));
      onDone(created);
    } catch (error) {
      notifyError(errorText(t, error, source ? 'questionnaire-clone-onlyOnce' : 'questionnaire-create-error'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} centered closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t(source ? 'questionnaires.dialogs.duplicateTitle' : 'questionnaires.dialogs.createTitle')}>
      <form ref={formRef} onSubmit={form.onSubmit(submit, requestErrorFocus)} noValidate>
        <Stack>
          {source ? <Text size="sm">{t('questionnaires.dialogs.duplicateText', { title: source.title })}</Text> : null}
          <TextInput label={t('questionnaires.fields.title')} required data-autofocus {...form.getInputProps('title')} />
          <TextInput label={t('questionnaires.fields.version')} placeholder="2026_01" required {...form.getInputProps('version')} />
          {source ? null : (
            <NativeSelect label={t('questionnaires.fields.type')} data={QUESTIONNAIRE_TYPES.map((v) => ({ value: v, label: t(`questionnaires.types.${v}`) }))} {...form.getInputProps('type')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={pending}>{t(source ? 'questionnaires.actions.duplicate' : 'questionnaires.actions.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A yes/no question about one named item (delete, activate, leave). */
export function ConfirmDialog({
  opened, title, text, confirmLabel, onConfirm, onClose, danger = false,
}: { opened: boolean; title: string; text: string; confirmLabel: string; onConfirm: () => Promise<void> | void; onClose: () => void; danger?: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={() => void confirm()}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Export dialog (spec 02 §2): language and file format; the button waits for both. */
export function ExportDialog({ opened, onClose, templateId }: { opened: boolean; onClose: () => void; templateId: number }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language | ''>('');
  const [format, setFormat] = useState<'' | '0' | '1' | '2'>('');
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (!language || !format) return;
    setPending(true);
    try {
      await downloadExport(templateId, Number(format) as 0 | 1 | 2, language);
      notifySuccess(t('questionnaires.export.done'));
      onClose();
    } catch {
      notifyError(t('errors.questionnaire-export-error'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('questionnaires.export.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <NativeSelect label={t('questionnaires.export.language')} value={language} onChange={(e) => setLanguage(e.currentTarget.value as Language)}
          data={[{ value: '', label: '—' }, { value: 'de', label: 'Deutsch' }, { value: 'en', label: 'English' }]} />
        <NativeSelect label={t('questionnaires.export.format')} value={format} onChange={(e) => setFormat(e.currentTarget.value as '0')}
          data={[{ value: '', label: '—' }, { value: '0', label: 'JSON' }, { value: '1', label: 'CSV' }, { value: '2', label: 'Excel' }]} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button disabled={!language || !format} loading={pending} onClick={() => void run()}>{t('questionnaires.export.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
