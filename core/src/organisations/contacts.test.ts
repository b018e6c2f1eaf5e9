import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactProblems, emptyContact, isContactValid, mayAddContact, mayDeleteContact, mayLeaveContact, type Contact } from './contacts.ts';

const valid: Contact = { id: null, fullName: 'Olga Objekt', companyRole: 'Leitung', email: 'olga@example.com', phone: '+49 69 1', mobile: '+49 171 1' };
const filled = (pattern: RegExp) => fc.stringMatching(pattern).filter((s) => s.trim().length > 0);
const validContact = (): fc.Arbitrary<Contact> =>
  fc.record({
    id: fc.constant(null),
    fullName: filled(/^[A-Za-zäöü][A-Za-zäöü ]{0,30}$/),
    companyRole: filled(/^[A-Za-z][A-Za-z ]{0,20}$/),
    email: filled(/^[a-z][a-z0-9]{0,10}@[a-z]{2,10}\.(de|com|example)$/),
    phone: filled(/^\+?[0-9][0-9 ]{2,15}$/),
    mobile: filled(/^\+?[0-9][0-9 ]{2,15}$/),
  });

describe('organisation contacts (spec 01 §5)', () => {
  it('requires every field and a valid e-mail address', () => {
    expect(contactProblems(emptyContact())).toEqual({
      fullName: 'validation-required',
      companyRole: 'validation-required',
      email: 'validation-required',
      phone: 'validation-required',
      mobile: 'validation-required',
    });
    expect(contactProblems({ ...valid, email: 'not-an-address' })).toEqual({ email: 'validation-email' });
    expect(contactProblems(valid)).toEqual({});
  });

  it('accepts any contact with all fields filled and a well-formed address', () => {
    fc.assert(
      fc.property(validContact(), (c) => {
        expect(isContactValid(c)).toBe(true);
      }),
    );
  });

  it('never lets the last remaining contact be deleted', () => {
    fc.assert(
      fc.property(validContact(), (c) => {
        expect(mayDeleteContact([c], c)).toBe(false);
      }),
    );
    expect(mayDeleteContact([valid, valid], valid)).toBe(true);
  });

  it('keeps the user on an invalid contact: no switching, adding or deleting until it is valid', () => {
    const broken = { ...valid, phone: '' };
    expect(mayLeaveContact(broken)).toBe(false);
    expect(mayAddContact(broken)).toBe(false);
    expect(mayDeleteContact([valid, broken], broken)).toBe(false);
    expect(mayAddContact(undefined)).toBe(true);
  });
});
