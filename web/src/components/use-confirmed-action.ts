import { useState } from 'react';
import { notifyError, notifySuccess } from '../lib/notify.ts';

/**
 * A destructive row action behind a ConfirmDialog (UI.md "Lists"): `ask` opens the confirmation for a row, `confirm`
 * runs the call, tells success or failure in a toast, closes the dialog and reloads on success; on failure the
 * dialog stays open.
 */
export function useConfirmedAction<T>(act: (row: T) => Promise<void>, texts: { success: string; failure: string }, reload: () => Promise<unknown>) {
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (target === null) return;
    setPending(true);
    try {
      await act(target);
      notifySuccess(texts.success);
      setTarget(null);
      await reload();
    } catch {
      notifyError(texts.failure);
    } finally {
      setPending(false);
    }
  };
  return { target, ask: (row: T) => setTarget(row), cancel: () => setTarget(null), pending, confirm };
}
