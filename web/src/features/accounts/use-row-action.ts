import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/**
 * A confirmed state change of a row: which item and action wait for confirmation, the call, and the
 * dialog rule of spec 01 §4 (failure: error toast, the dialog stays open; success: close, toast, refresh).
 */
export const useRowAction = <T, A extends string>(
  run: (action: A, item: T) => Promise<void>,
  texts: (action: A, outcome: 'success' | 'error') => string,
  onDone: () => void,
) => {
  const [pendingAction, setPendingAction] = useState<{ action: A; item: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!pendingAction) return;
    setBusy(true);
    try {
      await run(pendingAction.action, pendingAction.item);
      notifySuccess(texts(pendingAction.action, 'success'));
      setPendingAction(null);
      onDone();
    } catch {
      notifyError(texts(pendingAction.action, 'error'));
    } finally {
      setBusy(false);
    }
  };
  return {
    pending: pendingAction,
    busy,
    ask: (action: A, item: T) => setPendingAction({ action, item }),
    cancel: () => setPendingAction(null),
    confirm,
  };
};
