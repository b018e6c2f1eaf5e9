import { Alert, Checkbox, Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EPC_CLASSES, EPC_TYPES, epcExpiresSoon } from '@ecore/core/banks/epc.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { formatDateText } from '../../components/forms/date-text.ts';
import { ReadOnlyField } from '../../components/forms/read-only-field.tsx';
import { normaliseNumberText } from './locale-number.ts';
import type { ObjectFormValues } from './object-form.ts';

/** Today as 'YYYY-MM-DD' in UTC, the day the expiry warning is measured from. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The section "Energieausweis" / "Energy performance certificate" of the object form (DOMAIN.md §11): the certificate a
 * bank tests for the EU taxonomy, and a warning while a valid one ends within 90 days (core epcExpiresSoon).
 */
export function EpcFieldset({ form, readOnly, language, stored }: { form: UseFormReturnType<ObjectFormValues>; readOnly: boolean; language: Language; stored: { epcIssuedAt: string | null; epcValidUntil: string | null } | null }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const label = (field: string) => t(`assets.object.epc.${field}`);
  const expiring = stored !== null && epcExpiresSoon(stored, today());
  const select = (field: 'epcClass' | 'epcType', options: readonly string[], optionLabel: (o: string) => string) =>
    readOnly ? (
      <ReadOnlyField label={label(field)} value={values[field] ? optionLabel(values[field]) : ''} />
    ) : (
      <Select label={label(field)} data={options.map((o) => ({ value: o, label: optionLabel(o) }))} clearable comboboxProps={{ withinPortal: true }} {...form.getInputProps(field)} />
    );
  const number = (field: 'epcPrimaryEnergyDemand' | 'epcFinalEnergyDemand') =>
    readOnly ? (
      <ReadOnlyField label={label(field)} value={values[field]} />
    ) : (
      <TextInput label={label(field)} inputMode="decimal" {...form.getInputProps(field)} onBlur={() => form.setFieldValue(field, normaliseNumberText(form.getValues()[field], language))} />
    );
  const date = (field: 'epcIssuedAt' | 'epcValidUntil') =>
    readOnly ? <ReadOnlyField label={label(field)} value={formatDateText(values[field], language)} /> : <DateField label={label(field)} {...form.getInputProps(field)} />;
  const flag = (field: 'largeNonResidential' | 'energyMonitoring') =>
    readOnly ? (
      <ReadOnlyField label={label(field)} value={t(values[field] ? 'assets.object.epc.yes' : 'assets.object.epc.no')} />
    ) : (
      <Checkbox label={label(field)} description={t(`assets.object.epc.${field}Hint`)} {...form.getInputProps(field, { type: 'checkbox' })} />
    );
  return (
    <Fieldset legend={t('assets.object.sections.epc')}>
      {expiring ? (
        <Alert color="orange" variant="light" mb="sm" icon={<IconAlertTriangle size={18} aria-hidden="true" />} data-testid="epc-expiring">
          {t('assets.object.epc.expiring', { date: formatDateText(stored!.epcValidUntil!, language) })}
        </Alert>
      ) : null}
      <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
        {select('epcClass', EPC_CLASSES, (o) => o)}
        {select('epcType', EPC_TYPES, (o) => t(`assets.object.options.epcType.${o}`))}
        {readOnly ? <ReadOnlyField label={label('epcRegistrationNumber')} value={values.epcRegistrationNumber} /> : <TextInput label={label('epcRegistrationNumber')} {...form.getInputProps('epcRegistrationNumber')} />}
        {number('epcPrimaryEnergyDemand')}
        {number('epcFinalEnergyDemand')}
        <span />
        {date('epcIssuedAt')}
        {date('epcValidUntil')}
        <span />
        {flag('largeNonResidential')}
        {flag('energyMonitoring')}
      </SimpleGrid>
    </Fieldset>
  );
}
