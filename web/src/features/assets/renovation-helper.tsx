import { useState } from 'react';
import { Alert, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { inTaxonomyWindow, renovationCounts } from '@ecore/core/assets/renovation.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { normaliseNumberText, numberOf } from './locale-number.ts';

const percent = (text: string, language: Language): number | null => {
  const value = numberOf(text, language);
  return value === null || Number.isNaN(value) ? null : value;
};

/**
 * The renovation and taxonomy helper of spec 02 §5 (core renovationCounts, inTaxonomyWindow): the
 * user enters the renovated share of the envelope, the primary-energy reduction and the cost share and
 * sees whether the renovation counts; beside it, whether the object lies in the taxonomy window this year.
 * The figures only help the user decide; they are not stored.
 */
export function RenovationHelper({ constructionYear, renovationYear, language }: { constructionYear: number | null; renovationYear: number | null; language: Language }) {
  const { t } = useTranslation();
  const [envelope, setEnvelope] = useState('');
  const [energy, setEnergy] = useState('');
  const [cost, setCost] = useState('');
  const year = new Date().getFullYear();
  const entered = [envelope, energy, cost].some((v) => v.trim() !== '');
  const counts = renovationCounts({
    envelopeRenovatedPercent: percent(envelope, language),
    primaryEnergyReductionPercent: percent(energy, language),
    costSharePercent: percent(cost, language),
  });
  const window = inTaxonomyWindow({ constructionYear, renovationYear }, year);

  const field = (label: string, value: string, set: (v: string) => void) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={value}
      onChange={(event) => set(event.currentTarget.value)}
      onBlur={() => set(normaliseNumberText(value, language))}
      rightSection={<Text size="sm" c="dimmed" aria-hidden="true">%</Text>}
    />
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('assets.object.renovation.intro')}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        {field(t('assets.object.renovation.envelope'), envelope, setEnvelope)}
        {field(t('assets.object.renovation.primaryEnergy'), energy, setEnergy)}
        {field(t('assets.object.renovation.cost'), cost, setCost)}
      </SimpleGrid>
      <div aria-live="polite">
        {entered ? (
          <Alert
            variant="light"
            color={counts ? 'green' : 'gray'}
            p="xs"
            icon={counts ? <IconCircleCheck size={18} aria-hidden="true" /> : <IconCircleX size={18} aria-hidden="true" />}
          >
            {t(counts ? 'assets.object.renovation.counts' : 'assets.object.renovation.notCounts')}
          </Alert>
        ) : null}
      </div>
      <Alert
        variant="light"
        color={window.newConstruction || window.renovation ? 'green' : 'gray'}
        p="xs"
        title={t('assets.object.renovation.taxonomyTitle', { year })}
      >
        <Stack gap={2}>
          {window.newConstruction ? <Text size="sm">{t('assets.object.renovation.taxonomyNewConstruction')}</Text> : null}
          {window.renovation ? <Text size="sm">{t('assets.object.renovation.taxonomyRenovation')}</Text> : null}
          {!window.newConstruction && !window.renovation ? <Text size="sm">{t('assets.object.renovation.taxonomyNone')}</Text> : null}
        </Stack>
      </Alert>
    </Stack>
  );
}
