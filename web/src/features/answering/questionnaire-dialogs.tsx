import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import * as E from 'fp-ts/Either';
import { checkReason, REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '@ecore/core/review/decision-reason.ts';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '@ecore/core/shared/messages.ts';
import { LANGUAGES, type Language } from '@ecore/core/shared/language.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { formatTimeAgo } from '../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { downloadQuestionnaireExport, type AssetRef, type LockHolder } from './answering-api.ts';

/**
 * The text of a refused dialog call: the specification's text of the server's key for a refusal (4xx), the
 * dialog's own generic text (spec 02 §8, "… try again later") for anything else.
 */
export const useActionErrorText = () => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown, fallbackKey: string): string => {
    if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return errorText(error);
    return isMessageKey(fallbackKey) ? t(`errors.${fallbackKey}`) : errorText(error);
  };
};

/**
 * A confirmation whose button runs one call (spec 02 §2 dialogs, §7 "Every success shows a success toast,
 * closes the dialog and refreshes the parent"); on failure it stays open and a toast says why.
 */
export function ActionDialog({
  title,
  text,
  confirmLabel,
  run,
  successText,
  errorKey,
  destructive = false,
  withReason = false,
  extra,
  onDone,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** The call; given the reason where the dialog asks for one. */
  run: (reason?: string) => Promise<unknown>;
  successText: string;
  errorKey: string;
  destructive?: boolean;
  /** Asks for the reason a decline needs (DOMAIN.md §1), checked by core's rule before the call. */
  withReason?: boolean;
  /** Shown under the text (the submit dialog's open flags). */
  extra?: ReactNode;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const confirm = async () => {
    let given: string | undefined;
    if (withReason) {
      const checked = checkReason(reason);
      if (E.isLeft(checked)) {
        setReasonError(t(`errors.${checked.left}`));
        return;
      }
      given = checked.right;
    }
    setPending(true);
    try {
      await (given === undefined ? run() : run(given));
      notifySuccess(successText);
      setPending(false);
      onDone();
    } catch (error) {
      notifyError(actionErrorText(error, errorKey));
      setPending(false);
    }
  };
  return (
    <ConfirmDialog opened title={title} confirmLabel={confirmLabel} destructive={destructive} pending={pending} onConfirm={() => void confirm()} onClose={onClose}>
      {withReason ? (
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <Textarea
            label={t('review.reason.label')}
            description={t('review.reason.hint', { min: REASON_MIN_LENGTH, max: REASON_MAX_LENGTH })}
            required
            autosize
            minRows={3}
            maxRows={8}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
        </Stack>
      ) : extra ? (
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          {extra}
        </Stack>
      ) : (
        text
      )}
    </ConfirmDialog>
  );
}

/**
 * Who holds the lock and when the holder was last active ("Gesperrt von Anna Schmidt, zuletzt aktiv vor 2 Minuten"),
 * read again every half minute while it is shown.
 */
export function LockHolderText({ holder }: { holder: LockHolder }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!holder.lastActivity) return;
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [holder.lastActivity]);
  return holder.lastActivity
    ? t('answering.lock.textSince', { name: holder.name, ago: formatTimeAgo(holder.lastActivity, i18n.language, now) })
    : t('answering.lock.text', { name: holder.name });
}

/** Spec 02 §2 "questionnaire locked notice naming the current locker with OK", with the holder's last activity. */
export function LockedNotice({ holder, onClose }: { holder: LockHolder; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('answering.lock.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text size="sm">
          <LockHolderText holder={holder} />
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('answering.lock.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English' };

/** Spec 02 §2 "export questionnaire for an object": language and format (CSV or Excel); the button waits for both. */
export function ExportDialog({ refOf, qid, onClose }: { refOf: AssetRef; qid: number; onClose: () => void }) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const [language, setLanguage] = useState<Language | ''>('');
  const [format, setFormat] = useState<'' | '1' | '2'>('');
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (!language || !format) return;
    setPending(true);
    try {
      await downloadQuestionnaireExport(refOf, qid, format === '1' ? 1 : 2, language);
      notifySuccess(t('answering.export.done'));
      setPending(false);
      onClose();
    } catch (error) {
      notifyError(actionErrorText(error, 'questionnaire-export-error'));
      setPending(false);
    }
  };
  return (
    <Modal opened onClose={pending ? () => undefined : onClose} title={t('answering.export.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Radio.Group label={t('answering.export.language')} value={language} onChange={(v) => setLanguage(v as Language)}>
          <Group gap="md" mt={4}>
            {LANGUAGES.map((l) => (
              <Radio key={l} value={l} label={LANGUAGE_NAMES[l]} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={t('answering.export.format')} value={format} onChange={(v) => setFormat(v as '1' | '2')}>
          <Group gap="md" mt={4}>
            <Radio value="1" label="CSV" />
            <Radio value="2" label="Excel" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!language || !format} loading={pending} onClick={() => void run()}>
            {t('answering.export.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
