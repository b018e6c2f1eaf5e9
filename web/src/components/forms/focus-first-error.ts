import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a failed submit (UI.md "Dialogs and forms"): the first field in error, in the order the form shows
 * them, is scrolled into view and takes the focus, so that the user sees what to fix and can type at once.
 * Fields in error are the ones Mantine marks `aria-invalid="true"`. Answers whether one was found.
 */
export const focusFirstError = (root: ParentNode | null): boolean => {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
};

/**
 * The same for a React form: `[formRef, requestFocus]`; `formRef` goes on the `<form>`, `requestFocus()` is
 * called after setting the errors, and the focus moves once they are on screen (after the render that shows them).
 */
export const useFirstErrorFocus = (): [RefObject<HTMLFormElement | null>, () => void] => {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstError(formRef.current);
  }, [requests]);
  const request = useCallback(() => setRequests((n) => n + 1), []);
  return [formRef, request];
};
