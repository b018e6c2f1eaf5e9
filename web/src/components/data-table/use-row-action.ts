import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/**
 * A confirmed action on a list row (a state change, a delete): which item and action wait for
 * confirmation, the call, and the dialog rule of spec 01 §4 (failure: error toast, the dialog stays
 * open; success: close, toast, refresh). `dialog` holds the ConfirmDialog props that follow from it,
 * so that every list wires the dialog the same way.
 */
export const useRowAction = <T, A extends string>({
  run,
  successText,
  errorText,
  onDone,
}: {
  run: (action: A, item: T) => Promise<void>;
  successText: (action: A, item: T) => string;
  // The failure is passed because some refusals (a 400 with a business reason) have their own text.
  errorText: (action: A, item: T, failure: unknown) => string;
  onDone: () => void;
}) => {
  const [pendingAction, setPendingAction] = useState<{ action: A; item: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = () => setPendingAction(null);
  const confirm = async () => {
    if (!pendingAction) return;
    const { action, item } = pendingAction;
    setBusy(true);
    try {
      await run(action, item);
      notifySuccess(successText(action, item));
      setPendingAction(null);
      onDone();
    } catch (failure) {
      notifyError(errorText(action, item, failure));
    } finally {
      setBusy(false);
    }
  };
  return {
    pending: pendingAction,
    busy,
    ask: (action: A, item: T) => setPendingAction({ action, item }),
    cancel,
    confirm,
    dialog: { opened: pendingAction !== null, pending: busy, onConfirm: () => void confirm(), onClose: cancel },
  };
};
