import { useState } from 'react';
import { Alert, Checkbox, Divider, Group, Modal, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Actor } from '@ecore/core/identity/session.ts';
import { flagControls } from '@ecore/core/organisations/organisation-flags.ts';
import type { Organisation } from '@ecore/core/organisations/organisation.ts';
import { CountrySelect } from '../../components/forms/country-select.tsx';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { useDiscardGuard, useGuardedForm, type DiscardGuard } from '../../components/forms/discard-guard.tsx';
import { serverFieldErrors } from '../../components/forms/form-errors.ts';
import { useMessage } from '../../components/forms/use-message.ts';
import { Loaded } from '../../components/loaded.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createOrganisation, editOrganisation, fetchAllOrganisations, fetchOrganisation, ORGANISATION_KEY } from './accounts-api.ts';
import { ContactsEditor, bindMantineContacts, firstContactWithError } from './contacts-editor.tsx';
import {
  flagsOf,
  newOrganisationValues,
  organisationFormErrors,
  organisationPayload,
  organisationValues,
  withFlag,
  type OrganisationFormValues,
} from './organisation-form.ts';

/**
 * Create or edit an organisation (spec 01 §2, §3 "Organisation", §5): address, country, the checkboxes
 * as core flagControls allows them, the finance partner of a buyer, a differing billing address, and
 * the contacts (at least one). Editing loads the organisation first.
 */
export function OrganisationDialog({ actor, organisationId, onClose, onSaved }: { actor: Actor; organisationId: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data: organisation, error } = useSWR(organisationId === null ? null : [ORGANISATION_KEY, organisationId], () =>
    fetchOrganisation(organisationId!),
  );
  const title = t(organisationId === null ? 'accounts.organisations.dialog.createTitle' : 'accounts.organisations.dialog.editTitle');
  const guard = useDiscardGuard(onClose);
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }} size="xl" centered>
        {organisationId === null ? (
          <OrganisationForm actor={actor} organisation={null} guard={guard} onSaved={onSaved} />
        ) : (
          <Loaded data={organisation} error={error}>
            {(loaded) => <OrganisationForm actor={actor} organisation={loaded} guard={guard} onSaved={onSaved} />}
          </Loaded>
        )}
      </Modal>
      {guard.prompt}
    </>
  );
}

function OrganisationForm({ actor, organisation, guard, onSaved }: { actor: Actor; organisation: Organisation | null; guard: DiscardGuard; onSaved: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const creating = organisation === null;
  const [pending, setPending] = useState(false);
  const [currentContact, setCurrentContact] = useState(0);
  const form = useForm<OrganisationFormValues>({
    initialValues: organisation ? organisationValues(organisation) : newOrganisationValues(actor),
  });
  const values = form.getValues();
  useGuardedForm(guard.watch, form, pending);
  const controls = flagControls(actor, creating, {
    isFinancePartner: values.isFinancePartner,
    isBuyer: values.isBuyer,
    // Test account shows for organisations stored as one (spec 01 §5): unticking it must not hide it.
    isTestAccount: organisation ? organisation.isTestAccount : values.isTestAccount,
    isSolutionPartner: values.isSolutionPartner,
    financePartnerOrganisationId: values.financePartnerOrganisationId === null ? null : Number(values.financePartnerOrganisationId),
  });
  const { data: financePartners } = useSWR(controls.financePartnerOrganisationId.visible ? 'accounts/organisations/financePartners' : null, () =>
    fetchAllOrganisations({ financePartners: true }),
  );
  const partnerData = (financePartners ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  // The actor's own finance partner (or the stored one) may be outside the list the actor can read.
  const partnerId = values.financePartnerOrganisationId;
  if (partnerId !== null && !partnerData.some((o) => o.value === partnerId)) {
    partnerData.push({ value: partnerId, label: organisation?.financePartnerOrganisationName ?? partnerId });
  }

  const submit = async () => {
    const errors = organisationFormErrors(values, { actor, previous: organisation ? flagsOf(organisation) : null }, translate);
    form.setErrors(errors);
    const contactIndex = firstContactWithError(errors);
    if (contactIndex !== null) setCurrentContact(contactIndex);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    try {
      if (organisation) await editOrganisation({ ...organisationPayload(values), id: organisation.id } as Parameters<typeof editOrganisation>[0]);
      else await createOrganisation(organisationPayload(values) as Parameters<typeof createOrganisation>[0]);
      notifySuccess(t(creating ? 'accounts.organisations.toast.createSuccess' : 'accounts.organisations.toast.editSuccess'));
      onSaved();
    } catch (failure) {
      const fieldErrors = serverFieldErrors(failure, translate);
      form.setErrors(fieldErrors);
      const index = firstContactWithError(fieldErrors);
      if (index !== null) setCurrentContact(index);
      notifyError(t(creating ? 'accounts.organisations.toast.createError' : 'accounts.organisations.toast.editError'));
    } finally {
      setPending(false);
    }
  };

  const text = (path: 'name' | 'street' | 'number' | 'zip' | 'city', label: string) => (
    <TextInput label={t(`accounts.organisations.fields.${label}`)} withAsterisk {...form.getInputProps(path)} />
  );
  const billing = (field: 'streetName' | 'streetNr' | 'postcode' | 'city') => (
    <TextInput label={t(`accounts.organisations.billing.${field}`)} withAsterisk {...form.getInputProps(`billingAddress.${field}`)} />
  );
  const flag = (name: 'isFinancePartner' | 'isBuyer' | 'isTestAccount' | 'isSolutionPartner') =>
    controls[name].visible ? (
      <Checkbox
        label={t(`accounts.organisations.fields.${name}`)}
        checked={values[name]}
        disabled={controls[name].disabled}
        onChange={(event) => {
          form.setValues(withFlag(values, name, event.currentTarget.checked));
          form.clearFieldError('flags');
          form.clearFieldError(name);
        }}
        error={form.errors[name]}
      />
    ) : null;

  const contacts = bindMantineContacts(form, currentContact, setCurrentContact, (key) => t(`errors.${key}`));

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={guard.requestClose}
      pending={pending}
      submitLabel={t(creating ? 'accounts.organisations.dialog.create' : 'accounts.organisations.dialog.save')}
    >
      {text('name', 'name')}
      <SimpleGrid cols={4} spacing="sm" verticalSpacing="xs">
        <div style={{ gridColumn: 'span 3' }}>{text('street', 'street')}</div>
        {text('number', 'number')}
        {text('zip', 'zip')}
        <div style={{ gridColumn: 'span 3' }}>{text('city', 'city')}</div>
      </SimpleGrid>
      <CountrySelect label={t('accounts.organisations.fields.country')} withAsterisk {...form.getInputProps('country')} />
      <Divider label={t('accounts.organisations.dialog.flags')} labelPosition="left" />
      {typeof form.errors.flags === 'string' ? (
        <Alert color="red" variant="light" p="xs">
          {form.errors.flags}
        </Alert>
      ) : null}
      <Group gap="xl">
        {flag('isFinancePartner')}
        {flag('isBuyer')}
        {flag('isSolutionPartner')}
        {flag('isTestAccount')}
      </Group>
      {controls.financePartnerOrganisationId.visible ? (
        <Select
          label={t('accounts.organisations.fields.financePartner')}
          withAsterisk
          data={partnerData}
          disabled={controls.financePartnerOrganisationId.disabled}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('financePartnerOrganisationId')}
        />
      ) : null}
      <Checkbox
        label={t('accounts.organisations.fields.hasDifferentBillingAddress')}
        {...form.getInputProps('hasDifferentBillingAddress', { type: 'checkbox' })}
      />
      {values.hasDifferentBillingAddress ? (
        <SimpleGrid cols={4} spacing="sm" verticalSpacing="xs">
          <div style={{ gridColumn: 'span 3' }}>{billing('streetName')}</div>
          {billing('streetNr')}
          {billing('postcode')}
          <div style={{ gridColumn: 'span 3' }}>{billing('city')}</div>
          <div style={{ gridColumn: 'span 4' }}>
            <CountrySelect label={t('accounts.organisations.billing.country')} withAsterisk {...form.getInputProps('billingAddress.country')} />
          </div>
        </SimpleGrid>
      ) : null}
      <Divider label={t('accounts.contacts.title')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('accounts.contacts.hint')}
      </Text>
      <ContactsEditor {...contacts} />
    </DialogForm>
  );
}
