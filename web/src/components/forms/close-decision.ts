/** What a dialog with a form knows when someone asks to close it. */
export interface DialogStatus {
  /** The form differs from the values it opened with. */
  dirty: boolean;
  /** A save is under way. */
  pending: boolean;
}

export type CloseDecision = 'close' | 'ask' | 'stay';

/**
 * UI.md "Leaving a page with unsaved changes asks first": a pristine dialog closes at once, one with
 * unsaved changes asks first, and none closes while its save is under way (its outcome decides).
 */
export const closeDecision = ({ dirty, pending }: DialogStatus): CloseDecision => (pending ? 'stay' : dirty ? 'ask' : 'close');
