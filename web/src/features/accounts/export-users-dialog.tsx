import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { LANGUAGES, isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { EXPORT_FORMATS, ORGANISATIONS_IN_SCOPE_KEY, downloadUserExport, fetchAllOrganisations, type ExportFormat } from './accounts-api.ts';

const FORMAT_ORDER: ExportFormat[] = ['csv', 'excel', 'json'];

/**
 * Export of the users of chosen organisations (spec 01 §7 export/users): format, language and
 * organisations (preset with the selected or visible ones); the button waits until all are chosen.
 */
export function ExportUsersDialog({ preset, onClose }: { preset: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: organisations } = useSWR(ORGANISATIONS_IN_SCOPE_KEY, () => fetchAllOrganisations());
  const [format, setFormat] = useState<ExportFormat | null>(null);
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [chosen, setChosen] = useState<string[]>(preset.map(String));
  const [pending, setPending] = useState(false);
  const ready = format !== null && chosen.length > 0;

  const download = async () => {
    if (!format) return;
    setPending(true);
    try {
      await downloadUserExport(format, language, chosen.map(Number));
      notifySuccess(t('accounts.export.success'));
      onClose();
    } catch {
      notifyError(t('accounts.export.error'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={pending ? () => undefined : onClose} title={t('accounts.export.title')} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
      <Stack gap="sm">
        <Select
          label={t('accounts.export.format')}
          withAsterisk
          placeholder={t('accounts.export.chooseFormat')}
          data={FORMAT_ORDER.map((f) => ({ value: f, label: t(`accounts.export.formats.${f}`) }))}
          value={format}
          onChange={(value) => setFormat(value && value in EXPORT_FORMATS ? (value as ExportFormat) : null)}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('accounts.export.language')}
          withAsterisk
          data={LANGUAGES.map((l) => ({ value: l, label: t(`shell.languages.${l}`) }))}
          value={language}
          onChange={(value) => {
            if (isLanguage(value)) setLanguage(value);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('accounts.export.organisations')}
          withAsterisk
          searchable
          data={(organisations ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={chosen}
          onChange={setChosen}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void download()} disabled={!ready} loading={pending}>
            {t('accounts.export.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
