import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Modal, MultiSelect, Progress, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_FORMATS, exportBlocker, exportCall, type DialogFormat, type ExportRoute } from '@ecore/core/exports/export-dialog.ts';
import { LANGUAGES, isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { downloadExport, fetchGroupAssets, type DownloadProgress, type ExportableAsset } from './exports-api.ts';

const FORMAT_NAMES: Record<DialogFormat, 'csv' | 'excel'> = { 1: 'csv', 2: 'excel' };

/** "1,5 MB" / "12 KB" in the interface's language. */
export const byteText = (bytes: number, language: Language): string =>
  bytes >= 1024 * 1024 ? `${formatLocaleNumber(bytes / (1024 * 1024), language, 1)} MB` : `${formatLocaleNumber(Math.ceil(bytes / 1024), language, 0)} KB`;

/**
 * The export dialog of the finance partners' area (spec 02 §2, §5; core export-dialog): language (the interface's
 * preselected) and format, both chosen before the export button enables; for a group also which of its objects (all of them by default).
 * The download shows its progress and can be cancelled; the dialog stays open until the file is saved.
 */
export function ExportDialog({ route, subject, groupSize, onClose }: { route: ExportRoute; subject: string; groupSize?: number; onClose: () => void }) {
  const { t } = useTranslation();
  // The interface's language is preselected (the user may choose the other); the format is always chosen.
  const [language, setLanguage] = useState<Language | null>(currentLanguage());
  const [format, setFormat] = useState<DialogFormat | null>(null);
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  const pending = progress !== null;
  const assets = all ? ('all' as const) : chosen.map(Number);
  const blocker = exportBlocker(route, { language, format, assets });

  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (blocker !== null || language === null || format === null) return;
    const call = exportCall(route, { language, format, assets });
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, total: null });
    try {
      const name = await downloadExport(call.path, call.query, setProgress, controller.signal);
      notifySuccess(t('exports.dialog.success', { name }));
      onClose();
    } catch {
      if (!controller.signal.aborted) notifyError(t('exports.dialog.error'));
      setProgress(null);
    } finally {
      running.current = null;
    }
  };

  const cancel = () => {
    if (running.current) {
      running.current.abort();
      setProgress(null);
      return;
    }
    onClose();
  };

  const ui = currentLanguage();
  return (
    <Modal opened onClose={cancel} title={t(`exports.dialog.title.${route.kind}`)} closeButtonProps={{ 'aria-label': t('common.close') }} centered size="lg">
      <Stack gap="md">
        <Text size="sm">{t(`exports.dialog.intro.${route.kind}`, { name: subject })}</Text>
        <Radio.Group label={t('exports.dialog.language')} withAsterisk value={language ?? ''} onChange={(v) => setLanguage(isLanguage(v) ? v : null)}>
          <Group mt={4}>
            {LANGUAGES.map((l) => (
              <Radio key={l} value={l} label={t(`shell.languages.${l}`)} disabled={pending} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={t('exports.dialog.format')} withAsterisk value={format === null ? '' : String(format)} onChange={(v) => setFormat(DIALOG_FORMATS.find((f) => String(f) === v) ?? null)}>
          <Group mt={4}>
            {DIALOG_FORMATS.map((f) => (
              <Radio key={f} value={String(f)} label={t(`exports.dialog.formats.${FORMAT_NAMES[f]}`)} disabled={pending} />
            ))}
          </Group>
        </Radio.Group>
        {route.kind === 'objectGroupExport' ? (
          <GroupAssetChoice groupId={route.groupId} groupSize={groupSize ?? 0} all={all} onAll={setAll} chosen={chosen} onChosen={setChosen} disabled={pending} />
        ) : null}
        {progress ? (
          <Stack gap={4} aria-live="polite">
            <Progress value={progress.total ? (100 * progress.received) / progress.total : 100} animated={!progress.total} aria-label={t('exports.dialog.progressLabel')} />
            <Text size="sm">
              {progress.total
                ? t('exports.dialog.progressOf', { received: byteText(progress.received, ui), total: byteText(progress.total, ui) })
                : t('exports.dialog.progress', { received: byteText(progress.received, ui) })}
            </Text>
          </Stack>
        ) : blocker !== null ? (
          <Text size="sm" c="dimmed">
            {t(`exports.dialog.blocker.${blocker}`)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void start()} disabled={blocker !== null} loading={pending}>
            {t('exports.dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function GroupAssetChoice(props: { groupId: number; groupSize: number; all: boolean; onAll: (all: boolean) => void; chosen: string[]; onChosen: (ids: string[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<ExportableAsset[]>([]);
  // Names of objects met in earlier searches, so that chosen ones keep their label when a new search hides them.
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    if (props.all) return;
    const controller = new AbortController();
    fetchGroupAssets(props.groupId, search, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setOptions(page.items);
        setKnown((before) => new Map([...before, ...page.items.map((a) => [a.assetId, a.name] as const)]));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [props.groupId, props.all, search]);
  const data = [...new Map([...props.chosen.map((id) => [id, known.get(Number(id)) ?? id] as const), ...options.map((a) => [String(a.assetId), a.name] as const)])].map(([value, label]) => ({ value, label }));
  return (
    <Stack gap="xs">
      <Checkbox label={t('exports.dialog.allAssets', { count: props.groupSize })} checked={props.all} onChange={(e) => props.onAll(e.currentTarget.checked)} disabled={props.disabled} />
      {props.all ? null : (
        <MultiSelect
          label={t('exports.dialog.assets')}
          placeholder={t('common.search.placeholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={data}
          value={props.chosen}
          onChange={props.onChosen}
          disabled={props.disabled}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={300}
        />
      )}
    </Stack>
  );
}
