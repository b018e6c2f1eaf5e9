import { describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '@ecore/core/identity/roles.ts';
import de from './de.json';
import en from './en.json';

describe('role names', () => {
  it('the screens name the roles as exports and mails do (core ROLE_LABELS)', () => {
    expect(de.identity.roles).toEqual(Object.fromEntries(Object.entries(ROLE_LABELS).map(([k, v]) => [k, v.de])));
    expect(en.identity.roles).toEqual(Object.fromEntries(Object.entries(ROLE_LABELS).map(([k, v]) => [k, v.en])));
  });
});
