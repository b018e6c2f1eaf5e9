import { useState } from 'react';
import { Modal, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mayChooseGroupOrganisation } from '@ecore/core/assets/asset-access.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { DialogForm } from '../../components/forms/dialog-form.tsx';
import { useDiscardGuard, useGuardedForm } from '../../components/forms/discard-guard.tsx';
import { serverFieldErrors } from '../../components/forms/form-errors.ts';
import { useMessage } from '../../components/forms/use-message.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';
import { createAssetGroup, editAssetGroup, fetchGroupOrganisations, type AssetGroup } from '../assets/assets-api.ts';
import { groupFormErrors, groupPayload, type GroupFormValues } from './object-group-form.ts';

/**
 * Create or edit an object group (spec 02 §3 "Object group", §5): the name, and the organisation only
 * for account administrators (core mayChooseGroupOrganisation); others get their own.
 */
export function ObjectGroupDialog({ actor, group, onClose, onSaved }: { actor: Actor; group: AssetGroup | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const errorText = useErrorText();
  const creating = group === null;
  const choosesOrganisation = mayChooseGroupOrganisation(actor);
  const [pending, setPending] = useState(false);
  const form = useForm<GroupFormValues>({
    initialValues: { name: group?.name ?? '', organisationId: group ? String(group.organisationId) : null },
  });
  const guard = useDiscardGuard(onClose);
  useGuardedForm(guard.watch, form, pending);
  const { data: organisations } = useSWR(choosesOrganisation ? 'assets/groupOrganisations' : null, fetchGroupOrganisations);
  const organisationData = (organisations ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  if (group && !organisationData.some((o) => o.value === String(group.organisationId))) {
    organisationData.push({ value: String(group.organisationId), label: group.organisationName });
  }

  const submit = async () => {
    const values = form.getValues();
    const errors = groupFormErrors(values, choosesOrganisation, translate);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    try {
      const body = groupPayload(values, choosesOrganisation, group?.organisationId ?? actor.orgId);
      if (group) await editAssetGroup({ ...body, id: group.id });
      else await createAssetGroup(body);
      notifySuccess(t(creating ? 'assets.objectGroups.toast.createSuccess' : 'assets.objectGroups.toast.editSuccess'));
      onSaved();
    } catch (failure) {
      form.setErrors(serverFieldErrors(failure, translate));
      notifyError(
        failure instanceof ApiError && failure.statusCode === 400
          ? errorText(failure)
          : t(creating ? 'assets.objectGroups.toast.createError' : 'assets.objectGroups.toast.editError'),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={t(creating ? 'assets.objectGroups.dialog.createTitle' : 'assets.objectGroups.dialog.editTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <DialogForm onSubmit={submit} onCancel={guard.requestClose} pending={pending} submitLabel={t('assets.common.save')}>
          <TextInput label={t('assets.objectGroups.dialog.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          {choosesOrganisation ? (
            <Select
              label={t('assets.objectGroups.dialog.organisation')}
              withAsterisk
              searchable
              data={organisationData}
              nothingFoundMessage={t('errors.table-empty')}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('organisationId')}
            />
          ) : null}
        </DialogForm>
      </Modal>
      {guard.prompt}
    </>
  );
}
