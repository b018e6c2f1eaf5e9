import type { ReactNode } from 'react';
import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { formatScore, type Classification } from '@ecore/core/scoring/display.ts';
import type { StrandingOutcome } from '@ecore/core/scoring/score.ts';
import { refusalParams } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { MEANING_COLOURS, type StatusMeaning } from '../../components/status-badge.tsx';

/*
 * The pieces every results screen shows (UI.md "Status and scores", "Answering, checking, results"): a score in
 * its classification colour, a ratio as a bar, a stranding year. Numbers are core's, rounded only by core's
 * formatScore; the classification is the one core computed, never decided here.
 */

/** The one colour of a classification: Positive green, Intermediate yellow, Negative red, Neutral grey. */
export const classificationColour = (classification: Classification): string =>
  MEANING_COLOURS[classification.toLowerCase() as StatusMeaning];

/** A ratio (0…1) as a percentage with one decimal, "–" for none. */
export const formatRatio = (ratio: number | null, language: Language): string => (ratio === null ? '–' : `${formatScore(ratio * 100, language)} %`);

export function ClassificationBadge({ classification }: { classification: Classification }) {
  const { t } = useTranslation();
  return (
    <Badge color={classificationColour(classification)} variant="light" data-classification={classification}>
      {t(`errors.scoring-classification-${classification}`)}
    </Badge>
  );
}

/** A score (ECORE, finance) large, in its classification's colour, with the classification named. */
export function ScoreCard({
  label,
  value,
  classification,
  language,
  children,
}: {
  label: string;
  value: number | null;
  classification: Classification;
  language: Language;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Group gap="sm" align="baseline">
          <Text
            fz={36}
            fw={700}
            lh={1}
            c={`${classificationColour(classification)}.8`}
            data-classification={classification}
            data-testid="score-value"
          >
            {formatScore(value, language)}
          </Text>
          <ClassificationBadge classification={classification} />
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A ratio as a bar in its classification's colour, with its name and the percentage beside it. */
export function RatioBar({ name, ratio, classification, language }: { name: string; ratio: number | null; classification: Classification; language: Language }) {
  const percent = formatRatio(ratio, language);
  return (
    <Group gap="sm" wrap="nowrap" data-classification={classification}>
      <Text size="sm" w={220} style={{ flexShrink: 0 }}>
        {name}
      </Text>
      <Progress.Root size="lg" style={{ flex: 1 }}>
        <Progress.Section
          value={ratio === null ? 0 : ratio * 100}
          color={classificationColour(classification)}
          aria-label={name}
        />
      </Progress.Root>
      <Text size="sm" w={72} ta="right" fw={600} style={{ flexShrink: 0 }}>
        {percent}
      </Text>
    </Group>
  );
}

/**
 * A stranding projection as one line: the year it leaves the pathway, "beyond 2050" where it never does (never
 * 2050), the refusal naming what the reference data lacks, or that nothing was reported.
 */
export const useStrandingText = () => {
  const { t } = useTranslation();
  return (outcome: StrandingOutcome, language: Language): string => {
    if (outcome.status === 'not-reported') return t('scoring.results.stranding.notReported');
    if (outcome.status === 'refused') return t(`errors.${outcome.refusal._tag}`, refusalParams(outcome.refusal, language));
    return strandingYearText(outcome, t('errors.scoring-beyond-2050'));
  };
};

/** The year of a projection as a figure to compare: the misalignment year, or "beyond 2050"; "–" without one. */
export const strandingYearText = (outcome: StrandingOutcome, beyond2050Text: string): string => {
  if (outcome.status !== 'computed') return '–';
  const { beyond2050, misalignmentYear } = outcome.result;
  return beyond2050 || misalignmentYear === null ? beyond2050Text : String(misalignmentYear);
};

/** The "unverified" badge of a score that is not yet verified, or "verified" once it is. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <Badge color={MEANING_COLOURS.positive} variant="outline">
      {t('scoring.common.verified')}
    </Badge>
  ) : (
    <Badge color={MEANING_COLOURS.intermediate} variant="outline">
      {t('errors.scoring-unverified')}
    </Badge>
  );
}

/** The cluster bars (UI.md: results lead with the total and the cluster bars), named I Governance … IV Taxonomy check. */
export function ClusterBars({
  clusters,
  language,
}: {
  clusters: readonly { clusterIdentifier: string; ratio: number | null; classification: Classification }[];
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('scoring.results.clustersLabel')}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('scoring.results.clusters')}
        </Text>
        {clusters.map((cluster, index) => (
          <RatioBar key={cluster.clusterIdentifier} name={clusterName(index, language)} ratio={cluster.ratio} classification={cluster.classification} language={language} />
        ))}
      </Stack>
    </Paper>
  );
}

/** Taxonomy conformity: the share at full points and whether it conforms (yes only at 100 %, core's rule). */
export function TaxonomyCard({
  taxonomy,
  language,
  children,
}: {
  taxonomy: { share: number | null; conforms: boolean };
  language: Language;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" role="group" aria-label={t('scoring.results.taxonomy.title')}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('scoring.results.taxonomy.title')}
        </Text>
        <Group gap="sm" align="baseline">
          <Text fz={28} fw={700} lh={1}>
            {formatRatio(taxonomy.share, language)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('scoring.results.taxonomy.share')}
          </Text>
        </Group>
        <Badge color={MEANING_COLOURS[taxonomy.conforms ? 'positive' : 'negative']} variant="light">
          {taxonomy.conforms ? t('scoring.results.taxonomy.conforms') : t('scoring.results.taxonomy.notConforms')}
        </Badge>
        {children}
      </Stack>
    </Paper>
  );
}

/** The stranding year for carbon and energy, each a line: year, "beyond 2050", a refusal naming what is missing. */
export function StrandingCard({ stranding, language }: { stranding: { carbon: StrandingOutcome; energy: StrandingOutcome }; language: Language }) {
  const { t } = useTranslation();
  const text = useStrandingText();
  return (
    <Paper withBorder p="md" role="group" aria-label={t('scoring.results.stranding.title')}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('scoring.results.stranding.title')}
        </Text>
        {(['carbon', 'energy'] as const).map((metric) => (
          <Group key={metric} gap="sm" wrap="nowrap" align="flex-start">
            <Text size="sm" w={140} style={{ flexShrink: 0 }}>
              {t(`scoring.results.stranding.${metric}`)}
            </Text>
            <Text size="sm" fw={stranding[metric].status === 'computed' ? 700 : 400} c={stranding[metric].status === 'refused' ? 'red.8' : undefined} data-testid={`stranding-${metric}`}>
              {text(stranding[metric], language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
