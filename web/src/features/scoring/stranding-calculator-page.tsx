import { useEffect, useMemo, useRef } from 'react';
import { Alert, Grid, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ASSET_TYPES } from '@ecore/core/assets/asset-classes.ts';
import { ENERGY_CARRIERS, type EnergyCarrier } from '@ecore/core/scoring/stranding.ts';
import { countryOptions } from '@ecore/core/shared/countries.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useMessage } from '../../components/forms/use-message.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { AssetClassRows } from '../assets/asset-class-rows.tsx';
import { normaliseNumberText } from '../assets/locale-number.ts';
import { fetchAssetTypes, fetchCountries } from './stranding-api.ts';
import { EXAMPLE, REPORTING_YEARS, checkStranding, relocalisedStranding, strandingValues, type StrandingFormValues } from './stranding-form.ts';
import { useStrandingCalculation } from './stranding-request.ts';
import { StrandingResultView } from './stranding-result.tsx';

const UNIT_ENERGY = 'kWh/m²/a';

/**
 * The stranding calculator (issue 15, /analysis-benchmark/stranding): an asset manager tries figures before
 * answering (a retrofit: less gas, more renewables) and sees the carbon and energy curves against their pathways
 * and the stranding points move. Prefilled with an example so that a result shows at once; every change is checked
 * by core's rule and, once the figures rest, computed by the server; nothing is stored.
 */
export function StrandingCalculatorPage() {
  const { t } = useTranslation();
  const translate = useMessage();
  const language = currentLanguage();
  const form = useForm<StrandingFormValues>({ mode: 'controlled', initialValues: strandingValues(EXAMPLE, language) });
  const values = form.values;

  // Typed numbers follow a change of the interface language (decimal comma in German).
  const formLanguage = useRef<Language>(language);
  useEffect(() => {
    const from = formLanguage.current;
    if (from === language) return;
    formLanguage.current = language;
    form.setValues(relocalisedStranding(form.getValues(), from, language));
  }, [language, form]);

  // The option lists are the API's; core's same lists stand in until they are there, so the example computes at once.
  const { data: countries } = useSWR(['asset/countries', language], fetchCountries, { fallbackData: countryOptions(language) });
  const { data: assetTypes } = useSWR('asset/assetType', fetchAssetTypes, { fallbackData: [...ASSET_TYPES] });
  const countryData = useMemo(() => countries.map((c) => ({ value: c.code, label: c.countryName })), [countries]);

  // The form's own check is core's; only figures that pass it are sent.
  const check = checkStranding(values, language, translate);
  const calculation = useStrandingCalculation(check.ok ? check.body : null, language, translate);
  const errors: Record<string, string> = check.ok ? calculation.fields : check.errors;
  const error = (path: string): string | undefined => errors[path];

  const numberInput = (path: 'area' | `energy.${EnergyCarrier}`, label: string, unit: string) => {
    const value = path === 'area' ? values.area : values.energy[path.slice('energy.'.length) as EnergyCarrier];
    return (
      <TextInput
        label={label}
        inputMode="decimal"
        value={value}
        onChange={(event) => form.setFieldValue(path, event.currentTarget.value)}
        onBlur={() => form.setFieldValue(path, normaliseNumberText(value, language))}
        rightSection={<Text size="xs" c="dimmed" aria-hidden="true">{unit}</Text>}
        rightSectionWidth={unit.length > 3 ? 78 : 40}
        error={error(path)}
      />
    );
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <>
      <PageHeader />
      <Text mb="md" maw={820}>
        {t('scoring.calculator.intro')}
      </Text>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" component="form" aria-label={t('scoring.calculator.form.title')} onSubmit={(event) => event.preventDefault()}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('scoring.calculator.form.title')}
              </Title>
              <SimpleGrid cols={2} spacing="sm">
                <Select
                  label={t('scoring.calculator.form.reportingYear')}
                  data={REPORTING_YEARS}
                  value={values.reportingYear}
                  onChange={(value) => form.setFieldValue('reportingYear', value)}
                  error={error('reportingYear')}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label={t('scoring.calculator.form.country')}
                  data={countryData}
                  value={values.country}
                  onChange={(value) => form.setFieldValue('country', value)}
                  error={error('country')}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage={t('errors.table-empty')}
                  comboboxProps={{ withinPortal: true }}
                />
              </SimpleGrid>
              <Text size="sm" fw={500}>
                {t('scoring.calculator.form.assetClasses')}
              </Text>
              <AssetClassRows
                rows={values.assetAssetTypes}
                options={assetTypes}
                errors={errors}
                language={language}
                readOnly={false}
                onChange={(rows) => form.setFieldValue('assetAssetTypes', rows)}
              />
              {numberInput('area', t('scoring.calculator.form.area'), 'm²')}
              <Text size="sm" fw={500} mt="xs">
                {t('scoring.calculator.form.energy', { unit: UNIT_ENERGY })}
              </Text>
              <SimpleGrid cols={2} spacing="sm">
                {ENERGY_CARRIERS.map((carrier) => (
                  // A label that wraps moves its own field down, not the row's: the fields stay in line.
                  <Stack key={carrier} justify="flex-end" gap={0}>
                    {numberInput(`energy.${carrier}`, t(`scoring.calculator.carriers.${carrier}`), UNIT_ENERGY)}
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md" aria-busy={calculation.pending}>
            <Text size="sm" c="dimmed" style={{ minHeight: 22 }} aria-live="polite">
              {calculation.pending ? (
                <>
                  <Loader size={14} mr={6} aria-hidden="true" />
                  {t('scoring.calculator.result.computing')}
                </>
              ) : null}
            </Text>
            {hasErrors ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
                {t('scoring.calculator.result.fixFields')}
              </Alert>
            ) : calculation.refusal !== null ? (
              <Alert color="red" variant="light" role="alert" title={t('scoring.calculator.result.refused')}>
                {calculation.refusal}
              </Alert>
            ) : calculation.failed ? (
              <Alert color="red" variant="light" role="alert">
                {t('errors.stranding-calculate-error')}
              </Alert>
            ) : calculation.answer !== null ? (
              <StrandingResultView answer={calculation.answer} language={language} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
