import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactProblems, emptyContact, mayAddContact, mayDeleteContact, mayLeaveContact, type Contact } from '@ecore/core/organisations/contacts.ts';

export type ContactField = 'fullName' | 'companyRole' | 'email' | 'phone' | 'mobile';
const FIELDS: ContactField[] = ['fullName', 'companyRole', 'email', 'phone', 'mobile'];

export interface ContactsEditorProps {
  contacts: Contact[];
  current: number;
  onChange: (contacts: Contact[], current: number) => void;
  /** The error shown under a field of a contact ('contacts.<i>.<field>' of the form), if any. */
  errorOf: (index: number, field: ContactField) => string | undefined;
  /** Shows the current contact's problems (core contactProblems) as field errors. */
  onBlocked: (index: number, problems: Partial<Record<ContactField, string>>) => void;
  onFieldEdited: (index: number, field: ContactField) => void;
}

/**
 * The contacts of an organisation (spec 01 §2, §5): a pill per contact plus the form of the current one.
 * The current contact must be valid before switching, adding or deleting (core mayLeaveContact,
 * mayAddContact, mayDeleteContact); the last contact cannot be deleted.
 */
export function ContactsEditor({ contacts, current, onChange, errorOf, onBlocked, onFieldEdited }: ContactsEditorProps) {
  const { t } = useTranslation();
  const contact = contacts[current];
  const block = () => {
    if (contact) onBlocked(current, contactProblems(contact) as Partial<Record<ContactField, string>>);
  };
  const pillName = (c: Contact, index: number) => c.fullName.trim() || t('accounts.contacts.unnamed', { n: index + 1 });

  const select = (index: number) => {
    if (index === current) return;
    if (contact && !mayLeaveContact(contact)) return block();
    onChange(contacts, index);
  };
  const add = () => {
    if (!mayAddContact(contact)) return block();
    onChange([...contacts, emptyContact()], contacts.length);
  };
  const remove = () => {
    if (!contact) return;
    if (contacts.length <= 1) return;
    if (!mayDeleteContact(contacts, contact)) return block();
    const rest = contacts.filter((_, i) => i !== current);
    onChange(rest, Math.max(0, current - 1));
  };
  const edit = (field: ContactField, value: string) => {
    onChange(
      contacts.map((c, i) => (i === current ? { ...c, [field]: value } : c)),
      current,
    );
    onFieldEdited(current, field);
  };

  return (
    <Stack gap="sm">
      <Group gap={6} role="group" aria-label={t('accounts.contacts.list')}>
        {contacts.map((c, index) => (
          <Button
            key={index}
            size="compact-sm"
            radius="xl"
            variant={index === current ? 'filled' : 'light'}
            aria-pressed={index === current}
            onClick={() => select(index)}
          >
            {pillName(c, index)}
          </Button>
        ))}
        <Button size="compact-sm" radius="xl" variant="default" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={add}>
          {t('accounts.contacts.add')}
        </Button>
      </Group>
      {contact ? (
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {pillName(contact, current)}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                disabled={contacts.length <= 1}
                onClick={remove}
              >
                {t('accounts.contacts.remove')}
              </Button>
            </Group>
            {contacts.length <= 1 ? (
              <Text size="xs" c="dimmed">
                {t('accounts.contacts.lastHint')}
              </Text>
            ) : null}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              {FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`accounts.contacts.fields.${field}`)}
                  withAsterisk
                  type={field === 'email' ? 'email' : field === 'phone' || field === 'mobile' ? 'tel' : 'text'}
                  value={contact[field]}
                  error={errorOf(current, field)}
                  onChange={(event) => edit(field, event.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The parts of a @mantine/form the contacts editor works with (values hold `contacts`). */
export interface ContactsFormBinding {
  contacts: Contact[];
  errors: Record<string, unknown>;
  setContacts: (contacts: Contact[]) => void;
  setFieldError: (path: string, error: string) => void;
  clearFieldError: (path: string) => void;
}

/** What bindMantineContacts needs of a Mantine form whose values hold the contacts under `contacts`. */
interface FormWithContacts {
  getValues(): { contacts: Contact[] };
  errors: Record<string, unknown>;
  setFieldValue(path: 'contacts', value: Contact[]): void;
  setFieldError(path: string, error: string): void;
  clearFieldError(path: string): void;
}

/** The contacts dialog and the organisation dialog keep the contacts in a Mantine form the same way. */
export const bindMantineContacts = (
  form: FormWithContacts,
  current: number,
  setCurrent: (index: number) => void,
  translateKey: (key: string) => string,
): ContactsEditorProps =>
  bindContactsEditor(
    {
      contacts: form.getValues().contacts,
      errors: form.errors,
      setContacts: (list) => form.setFieldValue('contacts', list),
      setFieldError: (path, message) => form.setFieldError(path, message),
      clearFieldError: (path) => form.clearFieldError(path),
    },
    current,
    setCurrent,
    translateKey,
  );

/** Wires the editor to a form: errors live under 'contacts.<i>.<field>', as the server names them. */
const bindContactsEditor = (
  form: ContactsFormBinding,
  current: number,
  setCurrent: (index: number) => void,
  translateKey: (key: string) => string,
): ContactsEditorProps => ({
  contacts: form.contacts,
  current,
  onChange: (contacts, index) => {
    // Adding or deleting moves the indices the errors are filed under; the next check files them again.
    if (contacts.length !== form.contacts.length) {
      for (const path of Object.keys(form.errors)) if (path.startsWith('contacts.')) form.clearFieldError(path);
    }
    form.setContacts(contacts);
    setCurrent(index);
  },
  errorOf: (index, field) => {
    const error = form.errors[`contacts.${index}.${field}`];
    return typeof error === 'string' ? error : undefined;
  },
  onBlocked: (index, problems) => {
    for (const [field, key] of Object.entries(problems)) if (key) form.setFieldError(`contacts.${index}.${field}`, translateKey(key));
  },
  onFieldEdited: (index, field) => form.clearFieldError(`contacts.${index}.${field}`),
});

/** The index of the first contact that carries an error, so that the editor shows it. */
export const firstContactWithError = (errors: Record<string, unknown>): number | null => {
  const indices = Object.keys(errors)
    .map((path) => /^contacts\.(\d+)\./.exec(path)?.[1])
    .filter((i): i is string => i !== undefined)
    .map(Number);
  return indices.length ? Math.min(...indices) : null;
};
