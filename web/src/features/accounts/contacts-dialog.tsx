import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { contactListSchema, type Contact } from '@ecore/core/organisations/contacts.ts';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { useDiscardGuard, useGuardedForm, type DiscardGuard } from '../../components/forms/discard-guard.tsx';
import { schemaErrors, serverFieldErrors } from '../../components/forms/form-errors.ts';
import { useMessage } from '../../components/forms/use-message.ts';
import { Loaded } from '../../components/loaded.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { fetchOrganisation, ORGANISATION_KEY, saveContacts } from './accounts-api.ts';
import { ContactsEditor, bindMantineContacts, firstContactWithError } from './contacts-editor.tsx';
import { contactsPayload } from './organisation-form.ts';

/** 'Kontakte bearbeiten' of an organisation row (spec 01 §2): the contact pills and form, saved with PUT …/contacts. */
export function ContactsDialog({ organisationId, organisationName, onClose, onSaved }: { organisationId: number; organisationName: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data: organisation, error } = useSWR([ORGANISATION_KEY, organisationId], () => fetchOrganisation(organisationId));
  const guard = useDiscardGuard(onClose);
  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={t('accounts.contacts.dialogTitle', { name: organisationName })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        size="lg"
        centered
      >
        <Loaded data={organisation} error={error}>
          {(loaded) => <ContactsForm organisationId={organisationId} initial={loaded.contacts} guard={guard} onSaved={onSaved} />}
        </Loaded>
      </Modal>
      {guard.prompt}
    </>
  );
}

function ContactsForm({ organisationId, initial, guard, onSaved }: { organisationId: number; initial: Contact[]; guard: DiscardGuard; onSaved: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const [pending, setPending] = useState(false);
  const [current, setCurrent] = useState(0);
  const form = useForm<{ contacts: Contact[] }>({ initialValues: { contacts: initial.map((c) => ({ ...c })) } });
  const values = form.getValues();
  useGuardedForm(guard.watch, form, pending);

  const submit = async () => {
    const { contacts } = contactsPayload(values.contacts);
    const parsed = contactListSchema.safeParse(contacts);
    const errors = parsed.success ? {} : schemaErrors(parsed.error.issues.map((i) => ({ ...i, path: ['contacts', ...i.path] })), translate);
    form.setErrors(errors);
    const index = firstContactWithError(errors);
    if (index !== null) setCurrent(index);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    try {
      await saveContacts(organisationId, contacts);
      notifySuccess(t('accounts.organisations.toast.editContactsSuccess'));
      onSaved();
    } catch (failure) {
      const fieldErrors = serverFieldErrors(failure, translate);
      form.setErrors(fieldErrors);
      const at = firstContactWithError(fieldErrors);
      if (at !== null) setCurrent(at);
      notifyError(t('accounts.organisations.toast.editContactsError'));
    } finally {
      setPending(false);
    }
  };

  const editor = bindMantineContacts(form, current, setCurrent, (key) => t(`errors.${key}`));

  return (
    <DialogForm onSubmit={submit} onCancel={guard.requestClose} pending={pending} submitLabel={t('accounts.contacts.save')}>
      <ContactsEditor {...editor} />
    </DialogForm>
  );
}
