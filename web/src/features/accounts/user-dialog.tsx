import { useState } from 'react';
import { Alert, Checkbox, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import {
  externalMatters,
  forcedRoles,
  mayChooseAccess,
  mayChooseAssets,
  mayChooseOrganisation,
  roleOptions,
  type TargetOrganisation,
} from '@ecore/core/identity/role-assignment.ts';
import { isRole, roleName } from '@ecore/core/identity/roles.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { useDiscardGuard, useGuardedForm } from '../../components/forms/discard-guard.tsx';
import { serverFieldErrors } from '../../components/forms/form-errors.ts';
import { ReadOnlyField } from '../../components/forms/read-only-field.tsx';
import { useMessage } from '../../components/forms/use-message.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  createUser,
  editUser,
  fetchAllOrganisations,
  fetchAssetGroups,
  fetchAssetsOfGroups,
  fetchOrganisation,
  ORGANISATION_KEY,
  ORGANISATIONS_IN_SCOPE_KEY,
  type User,
} from './accounts-api.ts';
import { chosenRoles, createUserPayload, editUserPayload, newUserValues, userFormErrors, userValues, type UserFormValues } from './user-form.ts';

/**
 * Create or edit a user (spec 01 §2, §3 "User", §5, §6): every field of the user; e-mail and user name
 * only when creating; the organisation chosen only where core allows it; roles from core roleOptions for
 * the chosen organisation (a finance partner forces its roles); access to object groups and objects only
 * for an account manager. On failure the dialog stays open with the server's field errors.
 */
export function UserDialog({ actor, user, onClose, onSaved }: { actor: Actor; user: User | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const creating = user === null;
  const chooseOrganisation = mayChooseOrganisation(actor, creating);
  const [pending, setPending] = useState(false);
  const form = useForm<UserFormValues>({
    initialValues: user ? userValues(user) : newUserValues(chooseOrganisation ? null : actor.orgId),
  });
  const values = form.getValues();
  const guard = useDiscardGuard(onClose);
  useGuardedForm(guard.watch, form, pending);

  const { data: organisations } = useSWR(chooseOrganisation ? ORGANISATIONS_IN_SCOPE_KEY : null, () => fetchAllOrganisations());
  const orgId = values.organisationId === null ? null : Number(values.organisationId);
  const listed = organisations?.find((o) => o.id === orgId);
  const { data: fetched } = useSWR(orgId !== null && !listed ? [ORGANISATION_KEY, orgId] : null, () => fetchOrganisation(orgId!));
  const organisation = listed ?? fetched ?? null;
  const target: TargetOrganisation | null = organisation
    ? { isTestAccount: organisation.isTestAccount, isFinancePartner: organisation.isFinancePartner, isBuyer: organisation.isBuyer }
    : null;
  const forced = forcedRoles(target);
  const roles = chosenRoles(values, forced);

  // Nobody changes their own roles (core userEditProblem); the selector shows them read-only.
  const ownAccount = user !== null && user.id === actor.userId;
  const options = roleOptions(actor, target);
  // Roles the user already holds stay visible even where the actor could not assign them.
  const held = (user?.userRoles ?? []).filter(isRole).filter((r) => !options.some((o) => o.role === r));
  const roleData = [...options, ...held.map((role) => ({ role, disabled: true }))]
    .sort((a, b) => a.role - b.role)
    .map((o) => ({ value: String(o.role), label: t(`identity.roles.${roleName(o.role)}`), disabled: o.disabled }));

  const accessAllowed = mayChooseAccess(actor, roles);
  const groupIds = values.assetGroups.map(Number);
  const { data: groups } = useSWR(accessAllowed ? 'accounts/assetGroups' : null, fetchAssetGroups);
  const { data: assets } = useSWR(accessAllowed && mayChooseAssets(groupIds) ? ['accounts/assets', ...groupIds] : null, () =>
    fetchAssetsOfGroups(groupIds),
  );

  const context = {
    actor,
    forced,
    organisationName: organisation?.name ?? user?.organisationName ?? '',
    language: currentLanguage(),
  };

  const submit = async () => {
    const errors = userFormErrors(
      values,
      { ...context, organisation: target, editing: user ? { id: user.id, organisationId: user.organisationId, roles: user.userRoles.filter(isRole) } : null },
      translate,
    );
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    try {
      if (user) await editUser(editUserPayload(user.id, values, context));
      else await createUser(createUserPayload(values, context) as Parameters<typeof createUser>[0]);
      notifySuccess(t(creating ? 'accounts.users.toast.createSuccess' : 'accounts.users.toast.editSuccess'));
      onSaved();
    } catch (error) {
      form.setErrors(serverFieldErrors(error, translate));
      notifyError(t(creating ? 'accounts.users.toast.createError' : 'accounts.users.toast.editError'));
    } finally {
      setPending(false);
    }
  };

  const text = (field: 'firstName' | 'lastName' | 'position' | 'phoneNumber' | 'mobileNumber' | 'email' | 'userName', required = true) => (
    <TextInput
      label={t(`accounts.users.fields.${field}`)}
      withAsterisk={required}
      type={field === 'email' ? 'email' : field === 'phoneNumber' || field === 'mobileNumber' ? 'tel' : 'text'}
      autoComplete="off"
      {...form.getInputProps(field)}
    />
  );

  const organisationField = chooseOrganisation ? (
    <Select
      label={t('accounts.users.fields.organisation')}
      withAsterisk
      searchable
      data={(organisations ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      nothingFoundMessage={t('errors.table-empty')}
      {...form.getInputProps('organisationId')}
      error={form.errors.organisationId}
    />
  ) : (
    <ReadOnlyField label={t('accounts.users.fields.organisation')} value={organisation?.name ?? user?.organisationName ?? ''} />
  );

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={t(creating ? 'accounts.users.dialog.createTitle' : 'accounts.users.dialog.editTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        size="xl"
        centered
      >
        <DialogForm
          onSubmit={submit}
          onCancel={guard.requestClose}
          pending={pending}
          submitLabel={t(creating ? 'accounts.users.dialog.create' : 'accounts.users.dialog.save')}
        >
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {text('firstName')}
            {text('lastName')}
            {creating ? text('email') : <ReadOnlyField label={t('accounts.users.fields.email')} value={values.email} />}
            {creating ? text('userName') : <ReadOnlyField label={t('accounts.users.fields.userName')} value={values.userName} />}
            {text('position')}
            {organisationField}
            {text('phoneNumber')}
            {text('mobileNumber', false)}
          </SimpleGrid>
          {forced !== null || ownAccount ? (
            // Roles nobody may change here (a finance partner's, one's own) read as a value, not a faint selector (issue 12).
            <Stack gap={2}>
              <ReadOnlyField
                label={t('accounts.users.fields.userRoles')}
                value={(forced ? forced.map(String) : values.userRoles).map((v) => roleData.find((o) => o.value === v)?.label ?? v).join(', ')}
              />
              <Text size="xs">{ownAccount ? t('accounts.users.dialog.ownRoles') : t('accounts.users.dialog.forcedRoles')}</Text>
            </Stack>
          ) : (
            <MultiSelect
              label={t('accounts.users.fields.userRoles')}
              withAsterisk
              data={roleData}
              value={values.userRoles}
              onChange={(value) => {
                form.setFieldValue('userRoles', value);
                form.clearFieldError('userRoles');
              }}
              description={target?.isTestAccount ? t('accounts.users.dialog.testAccountRoles') : undefined}
              error={form.errors.userRoles}
              placeholder={roles.length === 0 ? t('accounts.users.dialog.chooseRoles') : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group gap="xl" align="flex-start">
            <Checkbox
              label={t('accounts.users.fields.external')}
              description={externalMatters(roles) ? undefined : t('accounts.users.dialog.externalHint')}
              {...form.getInputProps('external', { type: 'checkbox' })}
            />
            <Checkbox label={t('accounts.users.fields.mainContactPerson')} {...form.getInputProps('mainContactPerson', { type: 'checkbox' })} />
          </Group>
          {accessAllowed ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('accounts.users.dialog.access')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('accounts.users.dialog.accessHint')}
              </Text>
              <SimpleGrid cols={2} spacing="sm">
                <MultiSelect
                  label={t('accounts.users.fields.assetGroups')}
                  data={(groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                  value={values.assetGroups}
                  onChange={(value) => {
                    form.setFieldValue('assetGroups', value);
                    if (value.length === 0) form.setFieldValue('assets', []);
                  }}
                  placeholder={values.assetGroups.length === 0 ? t('accounts.users.dialog.all') : undefined}
                  searchable
                  error={form.errors.assetGroups}
                  comboboxProps={{ withinPortal: true }}
                />
                <MultiSelect
                  label={t('accounts.users.fields.assets')}
                  data={(assets ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                  value={values.assets}
                  onChange={(value) => form.setFieldValue('assets', value)}
                  disabled={!mayChooseAssets(groupIds)}
                  placeholder={values.assets.length === 0 ? t('accounts.users.dialog.all') : undefined}
                  searchable
                  error={form.errors.assets}
                  comboboxProps={{ withinPortal: true }}
                />
              </SimpleGrid>
            </Stack>
          ) : null}
          {typeof form.errors.id === 'string' ? <Alert color="red">{form.errors.id}</Alert> : null}
        </DialogForm>
      </Modal>
      {guard.prompt}
    </>
  );
}

