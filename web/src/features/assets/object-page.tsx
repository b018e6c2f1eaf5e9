import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { Navigate, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { mutate } from 'swr';
import { createsBuyerAssets } from '@ecore/core/assets/asset-access.ts';
import { ASSET_TYPES, selectableAssetTypes } from '@ecore/core/assets/asset-classes.ts';
import {
  FEATURE_QUALITIES,
  HISTORIC_PROTECTIONS,
  KPI_LABELS,
  OBJECT_CATEGORIES,
  PROJECT_CATEGORIES,
  PROJECT_STAGES,
} from '@ecore/core/assets/object.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { countryName } from '@ecore/core/shared/countries.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CountrySelect } from '../../components/forms/country-select.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { formatDateText } from '../../components/forms/date-text.ts';
import { useFirstErrorFocus } from '../../components/forms/focus-first-error.ts';
import { serverFieldErrors } from '../../components/forms/form-errors.ts';
import { ReadOnlyField } from '../../components/forms/read-only-field.tsx';
import { useMessage } from '../../components/forms/use-message.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { mayViewScore } from '@ecore/core/scoring/score-access.ts';
import { AssetClassRows } from './asset-class-rows.tsx';
import { GROUP_INFO_KEY, createAsset, deleteAsset, editAsset, fetchAsset, fetchAssetGroupInfo, type Asset } from './assets-api.ts';
import { normaliseNumberText } from './locale-number.ts';
import {
  checkObject,
  newObjectValues,
  objectValues,
  ownerCompanyOf,
  relocalisedValues,
  yearOptions,
  type NumberField,
  type ObjectFormValues,
} from './object-form.ts';
import { objectPath, parseAssetId, parseBuyerFlag } from './object-paths.ts';
import { RenovationHelper } from './renovation-helper.tsx';
import { EpcFieldset } from './epc-fieldset.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
// Answering (issue 13): the "Daten | Fragebogen" bar with the questionnaire the object runs on.
import { ObjectQuestionnaireBar } from '../answering/object-questionnaire-bar.tsx';
import { ObjectCertificateLink } from '../certificates/certificate-links.tsx';

const assetKey = (id: number, isBuyerAsset: boolean) => ['assets/asset', id, isBuyerAsset] as const;

/** /asset-management/objects/{assetId}/{isBuyerAsset}/edit/data: loads the object and shows its form. */
export function ObjectPage() {
  const { t } = useTranslation();
  const session = useSession();
  const params = useParams();
  const id = parseAssetId(params.assetId);
  const isBuyerAsset = parseBuyerFlag(params.isBuyerAsset);
  const { data: asset, error } = useSWR(id !== null && isBuyerAsset !== null ? assetKey(id, isBuyerAsset) : null, () => fetchAsset(id!, isBuyerAsset!), {
    revalidateOnFocus: false,
  });
  if (!session) return null;
  if (id === null || isBuyerAsset === null) return <Navigate to="/asset-management/objects" replace />;
  if (error) {
    return (
      <>
        <PageHeader />
        <Alert color={error instanceof ApiError && error.statusCode === 404 ? 'orange' : 'red'} variant="light" role="alert">
          {t(error instanceof ApiError && error.statusCode === 404 ? 'assets.object.notFound' : 'errors.table-load-error')}
        </Alert>
      </>
    );
  }
  if (!asset) {
    return (
      <>
        <PageHeader />
        <Group justify="center" p="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </>
    );
  }
  return <ObjectEditor key={`${asset.id}-${asset.version}`} actor={session.actor} asset={asset} />;
}

/** /asset-management/objects/new?assetGroupId=: the empty form, the group preselected when given. */
export function NewObjectPage() {
  const session = useSession();
  const [params] = useSearchParams();
  if (!session) return null;
  const groupId = parseAssetId(params.get('assetGroupId') ?? undefined);
  return <ObjectEditor key={`new-${groupId ?? ''}`} actor={session.actor} asset={null} initialGroupId={groupId} />;
}

/** A field's label with its KPI number beside it (spec 02 §3); the number is decoration for the name. */
const kpiLabel = (text: string, kpi: string | undefined): ReactNode =>
  kpi ? (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span>{text}</span>
      <Badge component="span" size="xs" variant="outline" color="gray" aria-hidden="true" title={`KPI ${kpi}`}>
        KPI {kpi}
      </Badge>
    </span>
  ) : (
    text
  );

function ObjectEditor({ actor, asset, initialGroupId = null }: { actor: Actor; asset: Asset | null; initialGroupId?: number | null }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const language = currentLanguage();
  const creating = asset === null;
  const readOnly = asset !== null && !asset.canEdit;
  const isBuyerAsset = asset ? asset.isBuyerAsset : createsBuyerAssets(actor);

  // Buyer users see only buyer classes (core selectableAssetTypes); classes already on the object stay shown.
  const selectable = selectableAssetTypes(actor.orgBuyer);
  const stored = asset?.assetAssetTypes.map((s) => s.assetTypeId) ?? [];
  const classOptions = ASSET_TYPES.filter((type) => selectable.includes(type) || stored.includes(type.id));
  const allowedTypeIds = classOptions.map((type) => type.id);

  const form = useForm<ObjectFormValues>({
    initialValues: asset ? objectValues(asset, language) : newObjectValues(initialGroupId, selectable[0]?.id ?? 1, language),
  });
  const values = form.getValues();
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  // Typed numbers follow a change of the interface language (decimal comma in German).
  const formLanguage = useRef<Language>(language);
  useEffect(() => {
    const from = formLanguage.current;
    if (from === language) return;
    formLanguage.current = language;
    const wasDirty = form.isDirty();
    const next = relocalisedValues(form.getValues(), from, language);
    form.setValues(next);
    if (!wasDirty) form.resetDirty(next);
  }, [language, form]);

  const { data: groups } = useSWR(GROUP_INFO_KEY, fetchAssetGroupInfo);
  const groupData = (groups ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  if (values.assetGroupId !== null && !groupData.some((g) => g.value === values.assetGroupId)) {
    groupData.push({ value: values.assetGroupId, label: asset?.assetGroupName ?? values.assetGroupId });
  }
  const ownerCompany = ownerCompanyOf(groups ?? [], values.assetGroupId, asset && String(asset.assetGroupId) === values.assetGroupId ? asset.ownerCompany : '');

  const dirty = !readOnly && form.isDirty() && leaveTo === null;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });
  // After a save the page moves on once the blocker has seen that nothing is left unsaved.
  useEffect(() => {
    if (leaveTo !== null) void navigate(leaveTo, { replace: true });
  }, [leaveTo, navigate]);

  const [formRef, requestErrorFocus] = useFirstErrorFocus();
  const save = async () => {
    const check = checkObject(values, { language, isBuyerAsset, allowedTypeIds }, translate);
    if (!check.ok) {
      form.setErrors(check.errors);
      requestErrorFocus();
      notifyError(t('errors.validation-generic'));
      return;
    }
    form.clearErrors();
    setPending(true);
    try {
      if (asset) {
        const saved = await editAsset({ ...check.body, id: asset.id, version: asset.version });
        notifySuccess(t('assets.object.toast.editSuccess'));
        form.resetDirty();
        // The editor starts again from the saved object (its new version).
        await mutate(assetKey(saved.id, saved.isBuyerAsset), saved, { revalidate: false });
      } else {
        const created = await createAsset(check.body);
        notifySuccess(t('assets.object.toast.createSuccess'));
        form.resetDirty();
        void mutate(GROUP_INFO_KEY);
        setLeaveTo(objectPath(created.id, created.isBuyerAsset));
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.statusCode === 409) {
        setConflict(true);
        notifyError(errorText(failure));
      } else if (failure instanceof ApiError && failure.statusCode === 400) {
        form.setErrors(serverFieldErrors(failure, translate));
        requestErrorFocus();
        notifyError(errorText(failure));
      } else {
        notifyError(failure instanceof ApiError && failure.statusCode === 403 ? errorText(failure) : t('errors.objects-create-error'));
      }
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    if (!asset) return;
    setDeleting(true);
    try {
      await deleteAsset(asset.id, asset.isBuyerAsset);
      notifySuccess(t('assets.objects.toast.deleteSuccess', { name: asset.objectName }));
      setConfirmDelete(false);
      form.resetDirty();
      setLeaveTo('/asset-management/objects');
    } catch {
      notifyError(t('errors.objects-delete-error'));
    } finally {
      setDeleting(false);
    }
  };

  const reloadAfterConflict = async () => {
    if (!asset) return;
    setConflict(false);
    form.resetDirty();
    await mutate(assetKey(asset.id, asset.isBuyerAsset));
  };

  // A collector's view (spec 02 §3): every field as a read-only value, the same way as in every form.
  const text = (field: 'objectName' | 'externalId' | 'city' | 'zip' | 'street' | 'streetNumber', required = true) =>
    readOnly ? (
      <ReadOnlyField label={t(`assets.object.fields.${field}`)} value={values[field]} />
    ) : (
      <TextInput label={t(`assets.object.fields.${field}`)} withAsterisk={required} {...form.getInputProps(field)} />
    );
  const numberField = (field: NumberField, required = false) =>
    readOnly ? (
      <ReadOnlyField label={kpiLabel(t(`assets.object.fields.${field}`), (KPI_LABELS as Record<string, string>)[field])} value={values[field]} />
    ) : (
      <TextInput
        label={kpiLabel(t(`assets.object.fields.${field}`), (KPI_LABELS as Record<string, string>)[field])}
        withAsterisk={required}
        inputMode="decimal"
        {...form.getInputProps(field)}
        onBlur={() => form.setFieldValue(field, normaliseNumberText(form.getValues()[field], language))}
      />
    );
  const yearField = (field: 'constructionYear' | 'renovationYear') =>
    readOnly ? (
      <ReadOnlyField label={kpiLabel(t(`assets.object.fields.${field}`), KPI_LABELS[field])} value={values[field]} />
    ) : (
      <Select
        label={kpiLabel(t(`assets.object.fields.${field}`), KPI_LABELS[field])}
        placeholder={t('assets.object.yearPlaceholder')}
        data={yearOptions(new Date().getFullYear(), [values[field]])}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps(field)}
      />
    );
  const enumField = (field: 'featureQuality' | 'historicProtection' | 'conditionsAndEnvironmentGoals' | 'projectCharacteristics' | 'projectStatus', options: readonly string[], opts: { required?: boolean; clearable?: boolean } = {}) =>
    readOnly ? (
      <ReadOnlyField
        label={kpiLabel(t(`assets.object.fields.${field}`), (KPI_LABELS as Record<string, string>)[field])}
        value={values[field] ? t(`assets.object.options.${field}.${values[field]}`) : ''}
      />
    ) : (
      <Select
        label={kpiLabel(t(`assets.object.fields.${field}`), (KPI_LABELS as Record<string, string>)[field])}
        withAsterisk={opts.required}
        data={options.map((o) => ({ value: o, label: t(`assets.object.options.${field}.${o}`) }))}
        clearable={opts.clearable}
        allowDeselect={opts.clearable === true}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps(field)}
      />
    );
  const dateField = (field: 'determinationStartDate' | 'acceptanceDate' | 'handoverDate' | 'planningPermissionDate') =>
    readOnly ? (
      <ReadOnlyField label={t(`assets.object.fields.${field}`)} value={formatDateText(values[field], language)} />
    ) : (
      <DateField label={t(`assets.object.fields.${field}`)} {...form.getInputProps(field)} />
    );
  const year = (v: string | null) => (v === null ? null : Number(v));

  return (
    <>
      <PageHeader
        title={asset ? asset.objectName : t('assets.object.newTitle')}
        actions={
          asset?.canEdit ? (
            <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => setConfirmDelete(true)}>
              {t('assets.object.delete')}
            </Button>
          ) : null
        }
      />
      {asset ? (
        <Group gap="lg" mb="md">
          <Text size="sm">
            {t('assets.object.meta.id')}: <strong>{asset.id}</strong>
          </Text>
          <Text size="sm">
            {t('assets.object.meta.organisation')}: {asset.organisationName}
          </Text>
          <Group gap={6}>
            <Text size="sm">{t('assets.object.meta.status')}:</Text>
            <StatusBadge kind="object" state={asset.status} />
          </Group>
          {/* The stored score of the latest questionnaire, for those who see scores (core mayViewScore). */}
          {mayViewScore(actor) ? (
            <Text size="sm">
              {t('assets.object.meta.score')}: {formatScore(asset.score, language)}
            </Text>
          ) : null}
          {/* Certificates (issue 16): "download label" opens the certificate view (core mayDownloadCertificate). */}
          <ObjectCertificateLink actor={actor} object={asset} />
        </Group>
      ) : null}
      {asset ? <ObjectQuestionnaireBar assetId={asset.id} isBuyerAsset={asset.isBuyerAsset} active="data" object={asset} /> : null}
      {readOnly ? (
        <Alert color="blue" variant="light" mb="md">
          {t('assets.object.readOnly')}
        </Alert>
      ) : null}
      {conflict ? (
        <Alert color="orange" variant="light" mb="md" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Group justify="space-between">
            <Text size="sm">{t('errors.objects-version-conflict')}</Text>
            <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={() => void reloadAfterConflict()}>
              {t('assets.object.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <form
        noValidate
        ref={formRef}
        aria-label={t('assets.object.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) void save();
        }}
      >
        <Stack gap="md" maw={1100}>
          <Fieldset variant="unstyled" disabled={pending}>
            <Stack gap="md">
              <Fieldset legend={t('assets.object.sections.general')}>
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  {text('objectName')}
                  {readOnly ? (
                    <ReadOnlyField label={t('assets.object.fields.assetGroupId')} value={groupData.find((g) => g.value === values.assetGroupId)?.label} />
                  ) : (
                    <Select
                      label={t('assets.object.fields.assetGroupId')}
                      withAsterisk
                      searchable
                      data={groupData}
                      nothingFoundMessage={t('errors.table-empty')}
                      comboboxProps={{ withinPortal: true }}
                      {...form.getInputProps('assetGroupId')}
                    />
                  )}
                  <ReadOnlyField label={t('assets.object.fields.ownerCompany')} value={ownerCompany} />
                  {enumField('conditionsAndEnvironmentGoals', OBJECT_CATEGORIES, { required: true })}
                  {text('externalId', false)}
                </SimpleGrid>
              </Fieldset>
              <Fieldset legend={t('assets.object.sections.location')}>
                <SimpleGrid cols={4} spacing="sm" verticalSpacing="xs">
                  <div style={{ gridColumn: 'span 3' }}>{text('street')}</div>
                  {text('streetNumber')}
                  {text('zip')}
                  <div style={{ gridColumn: 'span 2' }}>{text('city')}</div>
                  {readOnly ? (
                    <ReadOnlyField label={t('assets.object.fields.country')} value={values.country ? countryName(values.country, language) : ''} />
                  ) : (
                    <CountrySelect label={t('assets.object.fields.country')} withAsterisk {...form.getInputProps('country')} />
                  )}
                </SimpleGrid>
              </Fieldset>
              <Fieldset legend={t('assets.object.sections.building')}>
                <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
                  {yearField('constructionYear')}
                  {yearField('renovationYear')}
                  {enumField('featureQuality', FEATURE_QUALITIES)}
                  {enumField('historicProtection', HISTORIC_PROTECTIONS)}
                  {numberField('rentingPeople')}
                </SimpleGrid>
              </Fieldset>
              <Fieldset legend={t('assets.object.sections.areas')}>
                <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
                  {numberField('assetTotalArea', true)}
                  {numberField('usableArea')}
                  {numberField('rentalArea')}
                  {numberField('netRoomArea')}
                  {numberField('conditionedArea')}
                  {numberField('ipms2')}
                </SimpleGrid>
              </Fieldset>
              <Fieldset legend={t('assets.object.sections.assetClasses')}>
                <AssetClassRows
                  rows={values.assetAssetTypes}
                  options={classOptions}
                  errors={form.errors}
                  language={language}
                  readOnly={readOnly}
                  onChange={(rows) => {
                    form.setFieldValue('assetAssetTypes', rows);
                    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !path.startsWith('assetAssetTypes'))));
                  }}
                />
              </Fieldset>
              <Fieldset legend={t('assets.object.sections.project')}>
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  {enumField('projectCharacteristics', PROJECT_CATEGORIES, { clearable: true })}
                  {enumField('projectStatus', PROJECT_STAGES, { clearable: true })}
                  {dateField('determinationStartDate')}
                  {dateField('planningPermissionDate')}
                  {dateField('acceptanceDate')}
                  {dateField('handoverDate')}
                </SimpleGrid>
              </Fieldset>
              <EpcFieldset form={form} readOnly={readOnly} language={language} stored={asset ? { epcIssuedAt: asset.epcIssuedAt ?? null, epcValidUntil: asset.epcValidUntil ?? null } : null} />
              {readOnly ? (
                <ReadOnlyField label={t('assets.object.fields.description')} value={values.description} multiline />
              ) : (
                <Textarea label={t('assets.object.fields.description')} autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
              )}
            </Stack>
          </Fieldset>
          <Fieldset legend={t('assets.object.sections.renovation')}>
            <RenovationHelper constructionYear={year(values.constructionYear)} renovationYear={year(values.renovationYear)} language={language} />
          </Fieldset>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={pending} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
                {t(creating ? 'assets.object.create' : 'assets.object.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={t('assets.object.leave.title')}
        confirmLabel={t('assets.object.leave.confirm')}
        destructive
        pending={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('assets.object.leave.text')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('assets.objects.confirmDelete.title')}
        confirmLabel={t('assets.objects.confirmDelete.confirm')}
        destructive
        pending={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      >
        {asset ? t('assets.objects.confirmDelete.text', { name: asset.objectName }) : ''}
      </ConfirmDialog>
    </>
  );
}
