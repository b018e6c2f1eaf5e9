import { describe, expect, it } from 'vitest';
import { closeDecision } from './close-decision.ts';

describe('closing a dialog with a form', () => {
  it('closes a pristine dialog at once', () => {
    expect(closeDecision({ dirty: false, pending: false })).toBe('close');
  });

  it('asks first when there are unsaved changes', () => {
    expect(closeDecision({ dirty: true, pending: false })).toBe('ask');
  });

  it('stays open while a save is under way, changed or not', () => {
    expect(closeDecision({ dirty: true, pending: true })).toBe('stay');
    expect(closeDecision({ dirty: false, pending: true })).toBe('stay');
  });
});
