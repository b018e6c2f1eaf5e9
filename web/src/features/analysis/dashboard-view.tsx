import '@mantine/charts/styles.css';
import { lazy, Suspense } from 'react';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Badge, Box, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ASSET_TYPES } from '@ecore/core/assets/asset-classes.ts';
import { PEER_GROUP_MIN, UNKNOWN_DECADE, type DistributionEntry } from '@ecore/core/analysis/dashboard.ts';
import { KPI_KEYS } from '@ecore/core/questionnaires/template.ts';
import { formatConsumption, formatScore, type Classification } from '@ecore/core/scoring/display.ts';
import type { StrandingOutcome } from '@ecore/core/scoring/score.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { countAxis } from './count-axis.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { DashboardData } from './analysis-api.ts';
import { ChartCard, type FigureColumn } from './chart-card.tsx';
import { assetClassColour, CLASSIFICATION_COLOURS, countryColour, qualityColour, stateColour } from './chart-colours.ts';

// The stranding curves of the results pages (issue 15), reused: the portfolio's intensity against the pathway.
const StrandingChart = lazy(() => import('../scoring/results-stranding-chart.tsx'));

const UNITS = { finalEnergy: KPI_KEYS.finalEnergyTotal, co2: KPI_KEYS.co2, water: KPI_KEYS.water, waste: KPI_KEYS.waste } as const;
const CONSUMPTION = ['finalEnergy', 'co2', 'water', 'waste'] as const;

const area = (value: number, language: Language) => formatLocaleNumber(Math.round(value), language, 0);
const percent = (share: number, language: Language) => `${formatLocaleNumber(share * 100, language, 1)} %`;
/** A consumption figure per m² (kWh/m²/a, kg CO₂e/m²/a …): one decimal at most, as on the results screens. */
const consumption = formatConsumption;
const className = (key: string, language: Language) => ASSET_TYPES.find((t) => t.assetClassIdentifier === key)?.name[language] ?? key;

const strandingText = (outcome: StrandingOutcome, t: TFunction) =>
  outcome.status === 'computed'
    ? outcome.result.beyond2050 || outcome.result.misalignmentYear === null
      ? t('analysis.consumption.beyond2050')
      : String(outcome.result.misalignmentYear)
    : outcome.status === 'refused'
      ? t('analysis.consumption.refused')
      : t('analysis.consumption.notReported');

/** Every part of the dashboard of a group or an object (spec 02 §3 "Dashboard values"), read from one answer. */
export default function DashboardView({ data, language }: { data: DashboardData; language: Language }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ScoreCard data={data} language={language} />
        <TaxonomyCard data={data} language={language} />
      </SimpleGrid>
      <ConsumptionCard data={data} language={language} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <DistributionCard kind="assetClass" entries={data.distributions.assetClass} language={language} />
        <DistributionCard kind="quality" entries={data.distributions.quality} language={language} />
        <DistributionCard kind="country" entries={data.distributions.country} language={language} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <EsgPathCard data={data} language={language} />
        <StructureCards data={data} language={language} />
      </SimpleGrid>
      <AssetTable data={data} language={language} />
      <BenchmarkTable data={data} language={language} />
    </Stack>
  );
}

function ScoreCard({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  const colour = CLASSIFICATION_COLOURS[data.score.classification as Classification];
  return (
    <Paper withBorder p="md" component="section" aria-label={t('analysis.score.title')}>
      <Text fw={600} size="sm">
        {t('analysis.score.title')}
      </Text>
      <Group align="baseline" gap="lg" mt="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('analysis.score.ecore')}
          </Text>
          <Title order={2} c={colour} aria-label={`${t('analysis.score.ecore')} ${formatScore(data.score.ecore, language)}`}>
            {formatScore(data.score.ecore, language)}
          </Title>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('analysis.score.finance')}
          </Text>
          <Text fw={600}>{formatScore(data.score.finance, language)}</Text>
        </div>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('analysis.score.verified', { verified: data.score.verifiedCount, count: data.subject.objectCount })} · {t('analysis.score.weighted')}
      </Text>
    </Paper>
  );
}

function TaxonomyCard({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  const { relevantObjects, conformingObjects, share } = data.taxonomy;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('analysis.taxonomy.title')}>
      <Text fw={600} size="sm">
        {t('analysis.taxonomy.title')}
      </Text>
      {share === null ? (
        <Text size="sm" mt="xs" c="dimmed">
          {t('analysis.taxonomy.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" mt="xs">
            {t('analysis.taxonomy.conforming', { conforming: conformingObjects, relevant: relevantObjects })} ({percent(share, language)})
          </Text>
          <Progress value={share * 100} color="teal.7" mt="xs" aria-label={t('analysis.taxonomy.title')} />
        </>
      )}
    </Paper>
  );
}

function ConsumptionCard({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('analysis.consumption.title')}>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('analysis.consumption.title')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          {CONSUMPTION.map((key) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {t(`analysis.consumption.${key}`)}
              </Text>
              <Text fw={600}>
                {data.consumption[key] === null ? '–' : consumption(data.consumption[key], language)} <Text span size="xs">{UNITS[key]}</Text>
              </Text>
            </div>
          ))}
          <div>
            <Text size="xs" c="dimmed">
              {t('analysis.consumption.strandingCarbon')}
            </Text>
            <Text fw={600}>{strandingText(data.stranding.carbon, t)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('analysis.consumption.strandingEnergy')}
            </Text>
            <Text fw={600}>{strandingText(data.stranding.energy, t)}</Text>
          </div>
        </SimpleGrid>
        <Suspense fallback={null}>
          <StrandingChart stranding={data.stranding} language={language} />
        </Suspense>
      </Stack>
    </Paper>
  );
}

function DistributionCard({ kind, entries, language }: { kind: 'assetClass' | 'quality' | 'country'; entries: readonly DistributionEntry[]; language: Language }) {
  const { t } = useTranslation();
  const label = (key: string) => (kind === 'assetClass' ? className(key, language) : kind === 'quality' ? t(`analysis.quality.${key}`, { defaultValue: key }) : key);
  const colour = kind === 'assetClass' ? assetClassColour : kind === 'quality' ? qualityColour : countryColour;
  const columns: FigureColumn<DistributionEntry>[] = [
    { label: t('analysis.distribution.key'), value: (e) => label(e.key) },
    { label: t('analysis.distribution.area'), value: (e) => area(e.area, language), numeric: true },
    { label: t('analysis.distribution.share'), value: (e) => percent(e.share, language), numeric: true },
    { label: t('analysis.distribution.count'), value: (e) => e.count, numeric: true },
  ];
  return (
    <ChartCard
      title={t(`analysis.distribution.${kind}`)}
      rows={entries}
      rowKey={(e) => e.key}
      columns={columns}
      chart={
        <Stack gap="xs" align="center">
          {/* One picture with its figures as its name; the segments inside are not each a picture without a name. */}
          <Box role="img" aria-label={entries.map((e) => `${label(e.key)} ${percent(e.share, language)}`).join(', ')}>
            <Box aria-hidden="true">
              <DonutChart
                size={150}
                thickness={26}
                data={entries.map((e) => ({ name: label(e.key), value: e.share * 100, color: colour(e.key) }))}
                valueFormatter={(value) => `${formatLocaleNumber(value, language, 1)} %`}
                withTooltip
                tooltipDataSource="segment"
                pieProps={{ rootTabIndex: -1 }}
              />
            </Box>
          </Box>
          <Group gap={6} justify="center" aria-hidden="true">
            {entries.map((e) => (
              <Badge key={e.key} size="sm" variant="dot" color={colour(e.key)}>
                {label(e.key)} {percent(e.share, language)}
              </Badge>
            ))}
          </Group>
        </Stack>
      }
    />
  );
}

function EsgPathCard({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  type Point = DashboardData['esgPath'][number];
  const columns: FigureColumn<Point>[] = [
    { label: t('analysis.esg.year'), value: (p) => p.year },
    { label: t('analysis.esg.ecore'), value: (p) => formatScore(p.ecore, language), numeric: true },
    { label: t('analysis.esg.objects'), value: (p) => p.objectCount, numeric: true },
  ];
  return (
    <ChartCard
      title={t('analysis.esg.title')}
      rows={data.esgPath}
      rowKey={(p) => p.year}
      columns={columns}
      empty={t('analysis.esg.empty')}
      chart={
        <LineChart
          h={220}
          data={data.esgPath.map((p) => ({ year: String(p.year), ecore: p.ecore }))}
          dataKey="year"
          series={[{ name: 'ecore', label: t('analysis.esg.ecore'), color: 'teal.7' }]}
          yAxisProps={{ domain: [0, 100] }}
          yAxisLabel="0–100"
          valueFormatter={(value) => formatScore(value, language)}
          withLegend
          connectNulls
        />
      }
    />
  );
}

function StructureCards({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  type Count = { key: string; count: number };
  const decade = (key: string) => (key === UNKNOWN_DECADE ? t('analysis.structure.unknown') : t('analysis.structure.decadeLabel', { decade: key }));
  const stateName = (key: string) => t(`analysis.state.${key}`, { defaultValue: key });
  return (
    <Stack gap="md">
      <ChartCard<Count>
        title={t('analysis.structure.byState')}
        rows={data.structure.byState}
        rowKey={(c) => c.key}
        extra={
          <Text size="xs" c="dimmed">
            {t('analysis.structure.totalArea', { area: area(data.structure.totalArea, language) })}
          </Text>
        }
        columns={[
          { label: t('analysis.structure.state'), value: (c) => stateName(c.key) },
          { label: t('analysis.structure.count'), value: (c) => c.count, numeric: true },
        ]}
        chart={
          <BarChart
            h={160}
            data={data.structure.byState.map((c) => ({ key: stateName(c.key), count: c.count, color: stateColour(c.key) }))}
            dataKey="key"
            series={[{ name: 'count', label: t('analysis.structure.count'), color: 'blue.6' }]}
            getBarColor={(_, entry) => String((entry as { color?: string }).color ?? 'blue.6')}
            yAxisProps={{ allowDecimals: false, interval: 0, ...countAxis(Math.max(0, ...data.structure.byState.map((c) => c.count))) }}
          />
        }
      />
      <ChartCard<Count>
        title={t('analysis.structure.byDecade')}
        rows={data.structure.byConstructionDecade}
        rowKey={(c) => c.key}
        columns={[
          { label: t('analysis.structure.decade'), value: (c) => decade(c.key) },
          { label: t('analysis.structure.count'), value: (c) => c.count, numeric: true },
        ]}
        chart={
          <BarChart
            h={160}
            data={data.structure.byConstructionDecade.map((c) => ({ key: decade(c.key), count: c.count }))}
            dataKey="key"
            series={[{ name: 'count', label: t('analysis.structure.count'), color: 'indigo.6' }]}
            yAxisProps={{ allowDecimals: false, interval: 0, ...countAxis(Math.max(0, ...data.structure.byConstructionDecade.map((c) => c.count))) }}
          />
        }
      />
    </Stack>
  );
}

function AssetTable({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('analysis.assets.title')}>
      <Text fw={600} size="sm" mb="sm">
        {t('analysis.assets.title')}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder aria-label={t('analysis.assets.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analysis.assets.name')}</Table.Th>
              <Table.Th>{t('analysis.assets.city')}</Table.Th>
              <Table.Th>{t('analysis.assets.country')}</Table.Th>
              <Table.Th>{t('analysis.assets.classes')}</Table.Th>
              <Table.Th ta="right">{t('analysis.assets.area')}</Table.Th>
              <Table.Th ta="right">{t('analysis.assets.ecore')}</Table.Th>
              <Table.Th>{t('analysis.assets.state')}</Table.Th>
              <Table.Th>{t('analysis.assets.stranding')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.assets.map((a) => (
              <Table.Tr key={a.assetId}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td>{a.city}</Table.Td>
                <Table.Td>{a.country}</Table.Td>
                <Table.Td>{a.assetClasses.map((c) => className(c, language)).join(', ')}</Table.Td>
                <Table.Td ta="right">{area(a.area, language)}</Table.Td>
                <Table.Td ta="right">
                  {formatScore(a.ecore, language)}
                  {a.ecore !== null && !a.verified ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({t('analysis.assets.unverified')})
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{t(`analysis.state.${a.state ?? 'NotStarted'}`, { defaultValue: a.state ?? '' })}</Table.Td>
                <Table.Td>{a.strandingYear !== null ? a.strandingYear : a.beyond2050 ? t('analysis.consumption.beyond2050') : '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function BenchmarkTable({ data, language }: { data: DashboardData; language: Language }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('analysis.benchmark.title')}>
      <Text fw={600} size="sm">
        {t('analysis.benchmark.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('analysis.benchmark.note')}
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped withTableBorder aria-label={t('analysis.benchmark.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analysis.benchmark.object')}</Table.Th>
              <Table.Th>{t('analysis.benchmark.peerGroup')}</Table.Th>
              <Table.Th ta="right">{t('analysis.benchmark.own')}</Table.Th>
              <Table.Th ta="right">{t('analysis.benchmark.mean')}</Table.Th>
              <Table.Th ta="right">{t('analysis.benchmark.range')}</Table.Th>
              <Table.Th ta="right">{t('analysis.benchmark.rank')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.assets.map((a, i) => {
              const b = data.benchmark[i] ?? null;
              return (
                <Table.Tr key={a.assetId}>
                  <Table.Td>{a.name}</Table.Td>
                  {b === null ? (
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed">
                        {t('analysis.benchmark.hidden', { min: PEER_GROUP_MIN })}
                      </Text>
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td>
                        {t('analysis.benchmark.peers', {
                          assetClass: className(b.peerGroup.assetClass, language),
                          country: b.peerGroup.country ?? t('analysis.benchmark.allCountries'),
                          size: b.peerGroup.size,
                        })}
                      </Table.Td>
                      <Table.Td ta="right">{formatScore(a.ecore, language)}</Table.Td>
                      <Table.Td ta="right">{formatScore(b.peerMean, language)}</Table.Td>
                      <Table.Td ta="right">
                        {formatScore(b.peerMin, language)} – {formatScore(b.peerMax, language)}
                      </Table.Td>
                      <Table.Td ta="right">{t('analysis.benchmark.rankOf', { rank: b.rank, size: b.peerGroup.size })}</Table.Td>
                    </>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
