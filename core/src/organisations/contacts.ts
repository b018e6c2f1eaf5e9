import { z } from 'zod';
import { idValue } from '../shared/schemas.ts';

/** A contact of an organisation (spec 01 §3): every field required, the e-mail address valid. */
export const contactSchema = z.object({
  id: idValue.nullish(),
  fullName: z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(200, { error: 'validation-max-length' }),
  companyRole: z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(200, { error: 'validation-max-length' }),
  email: z
    .string({ error: 'validation-required' })
    .trim()
    .min(1, { error: 'validation-required' })
    .max(320, { error: 'validation-max-length' })
    .pipe(z.email({ error: 'validation-email' })),
  phone: z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(50, { error: 'validation-max-length' }),
  mobile: z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(50, { error: 'validation-max-length' }),
});
export type Contact = z.infer<typeof contactSchema>;

export const emptyContact = (): Contact => ({ id: null, fullName: '', companyRole: '', email: '', phone: '', mobile: '' });

/** Field → message key of the first problem of each field; empty when the contact is valid. */
export const contactProblems = (contact: Contact): Partial<Record<keyof Contact, string>> => {
  const parsed = contactSchema.safeParse(contact);
  if (parsed.success) return {};
  const problems: Partial<Record<keyof Contact, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Contact;
    problems[field] ??= issue.message;
  }
  return problems;
};

export const isContactValid = (contact: Contact): boolean => Object.keys(contactProblems(contact)).length === 0;

/**
 * The contacts dialog: the current contact must be valid before switching to another, adding or deleting;
 * the last remaining contact cannot be deleted.
 */
export const mayLeaveContact = (current: Contact): boolean => isContactValid(current);
export const mayDeleteContact = (contacts: readonly Contact[], current: Contact): boolean => contacts.length > 1 && isContactValid(current);
export const mayAddContact = (current: Contact | undefined): boolean => current === undefined || isContactValid(current);

/** An organisation keeps at least one contact. */
export const contactListSchema = z.array(contactSchema).min(1, { error: 'validation-required' }).max(50);
