import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { closeDecision, type DialogStatus } from './close-decision.ts';

export interface DiscardGuard {
  /** For the dialog's onClose (Escape, ×, outside click) and its cancel button: closes, asks first, or waits. */
  requestClose: () => void;
  /** Tells the guard how to read the dialog's form; stable, so that a form inside the dialog can call it in an effect. */
  watch: (read: () => DialogStatus) => void;
  /** The question "discard the changes?", rendered beside the dialog (not inside it, so Escape reaches only the question). */
  prompt: ReactNode;
}

/**
 * The one way a create or edit dialog closes (UI.md "Leaving a page with unsaved changes asks first"):
 * a pristine dialog closes at once, a changed one asks whether to discard the changes.
 */
export function useDiscardGuard(onClose: () => void): DiscardGuard {
  const { t } = useTranslation();
  const status = useRef<() => DialogStatus>(() => ({ dirty: false, pending: false }));
  const [asking, setAsking] = useState(false);
  const watch = useCallback((read: () => DialogStatus) => {
    status.current = read;
  }, []);
  const requestClose = () => {
    // Mantine listens for Escape on the window for every open modal: while the question is open,
    // Escape answers the question ("keep editing"), it does not ask again for the dialog below.
    if (asking) return;
    const decision = closeDecision(status.current());
    if (decision === 'close') onClose();
    else if (decision === 'ask') setAsking(true);
  };
  const prompt = (
    <ConfirmDialog
      opened={asking}
      title={t('common.unsavedChanges.title')}
      confirmLabel={t('common.unsavedChanges.discard')}
      cancelLabel={t('common.unsavedChanges.keepEditing')}
      destructive
      pending={false}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onClose={() => setAsking(false)}
    >
      {t('common.unsavedChanges.text')}
    </ConfirmDialog>
  );
  return { requestClose, watch, prompt };
}

/** Lets a guard read a @mantine/form: changed against its initial values, and whether its save is under way. */
export const useGuardedForm = (watch: DiscardGuard['watch'], form: { isDirty: () => boolean }, pending: boolean): void => {
  useEffect(() => {
    watch(() => ({ dirty: form.isDirty(), pending }));
  }, [watch, form, pending]);
};
