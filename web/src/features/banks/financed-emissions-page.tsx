import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Box, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { DATA_QUALITY_SCORES, type DataQualityScore } from '@ecore/core/banks/financed-emissions.ts';
import { loanMatches, type LoanFilter } from '@ecore/core/banks/loan-list.ts';
import { ALIGNMENTS, type Alignment } from '@ecore/core/banks/taxonomy.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage, useErrorText } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { downloadPortfolio, fetchPortfolio, type Portfolio } from './banks-api.ts';
import { LoanImportDialog } from './loan-import-dialog.tsx';
import { ImportHistory, useImportHistory } from '../imports/import-history.tsx';

/** UI.md "Status and scores": aligned positive green, not aligned negative red, unknown neutral grey. */
const ALIGNMENT_COLOUR: Record<Alignment, string> = { aligned: 'green.7', notAligned: 'red.7', unknown: 'gray.6' };
const SCORE_COLOUR: Record<DataQualityScore, string> = { 2: 'teal.7', 3: 'blue.7', 4: 'yellow.7', 5: 'red.7' };

/** Loan ids and hyphenated words stay on one line (a break at their hyphen reads as two words). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const formatter = (language: Language, digits: number) =>
  new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

/** A bar chart of financed emissions by slice of the portfolio, each bar in its slice's colour. */
function SliceChart({ title, bars, format }: { title: string; bars: { key: string; value: number; color: string }[]; format: (value: number) => string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" role="figure" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <BarChart
        h={180}
        data={bars}
        dataKey="key"
        series={[{ name: 'value', label: t('banks.chart.tonnes'), color: 'blue.7' }]}
        getBarColor={(_, entry) => String((entry as { color?: string }).color ?? 'blue.7')}
        valueFormatter={format}
      />
    </Paper>
  );
}

/**
 * /financed-emissions (DOMAIN.md §11, docs/banks.md): a bank's portfolio on a reporting date — the totals, the
 * financed emissions by data quality score and by taxonomy 7.7 result, the loans with their figures and filters, the
 * loan tape import with its preview, and the Excel download.
 */
export function FinancedEmissionsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = currentLanguage();
  const [date, setDate] = useState<string | null>(null);
  const [filter, setFilter] = useState<LoanFilter>({});
  const [importing, setImporting] = useState(false);
  const portfolio = useSWR<Portfolio>(['bank-portfolio', date], () => fetchPortfolio(date), { revalidateOnFocus: false });
  // The bank's loan tapes, stored or refused; `?importId=` (the worklist's link to a failed one) marks that entry.
  const [params] = useSearchParams();
  const highlightId = Number(params.get('importId')) || null;
  const history = useImportHistory(highlightId);
  const number = (value: number, digits = 1) => formatter(language, digits).format(value);
  const percent = (share: number) => `${number(share * 100, 1)} %`;

  const download = () => downloadPortfolio(portfolio.data?.reportingDate ?? null, language).catch(() => notifyError(t('banks.page.downloadError')));
  const actions = (
    <>
      <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={() => setImporting(true)}>
        {t('banks.page.import')}
      </Button>
      <Button leftSection={<IconDownload size={16} />} onClick={() => void download()} disabled={!portfolio.data || portfolio.data.loans.length === 0}>
        {t('banks.page.download')}
      </Button>
    </>
  );

  const data = portfolio.data;
  const loans = data ? data.loans.filter((l) => loanMatches(filter, l)) : [];
  const groups = data ? [...new Map(data.loans.map((l) => [l.assetGroupId, l.groupName])).entries()] : [];
  const alignmentName = (a: Alignment) => t(`banks.alignment.${a}`);
  return (
    <>
      <PageHeader actions={actions} />
      <LoanImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          void portfolio.mutate();
          void history.mutate();
        }}
      />
      {portfolio.error ? (
        <Alert color="red" role="alert">
          {errorText(portfolio.error)}
        </Alert>
      ) : !data ? (
        <Loader aria-label={t('banks.page.loading')} />
      ) : data.totals.loans === 0 && data.reportingDates.length === 0 ? (
        <Text>{t('banks.page.empty')}</Text>
      ) : (
        <Stack gap="lg">
          <Group>
            <Select
              label={t('banks.page.reportingDate')}
              data={data.reportingDates.map((d) => ({ value: d, label: new Date(`${d}T00:00:00Z`).toLocaleDateString(language === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'UTC' }) }))}
              value={data.reportingDate}
              onChange={(value) => setDate(value)}
              allowDeselect={false}
              w={200}
            />
          </Group>
          <section aria-label={t('banks.totals.title')}>
            <Title order={2} size="h4" mb="xs">
              {t('banks.totals.title')}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label={t('banks.totals.financedEmissions')} value={`${number(data.totals.financedEmissions)} t CO2e/a`} />
              <Figure label={t('banks.totals.dataQuality')} value={data.totals.dataQualityScore === null ? '–' : number(data.totals.dataQualityScore, 2)} />
              <Figure label={t('banks.totals.loans')} value={`${data.totals.loans} · ${number(data.totals.outstandingAmount, 0)} EUR`} />
              <Figure label={t('banks.totals.validLabel')} value={percent(data.totals.validLabelShare)} />
              {ALIGNMENTS.map((a) => (
                <Figure key={a} label={t('banks.totals.share', { alignment: alignmentName(a) })} value={percent(data.totals.alignmentShares[a])} />
              ))}
            </SimpleGrid>
            {data.totals.loansWithoutEmissions > 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                {t('banks.totals.withoutEmissions', { count: data.totals.loansWithoutEmissions })}
              </Text>
            ) : null}
          </section>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SliceChart
              title={t('banks.chart.byDataQuality')}
              bars={DATA_QUALITY_SCORES.map((s) => ({ key: t('banks.chart.score', { score: s }), value: data.totals.byDataQuality[s].financedEmissions, color: SCORE_COLOUR[s] }))}
              format={number}
            />
            <SliceChart
              title={t('banks.chart.byAlignment')}
              bars={ALIGNMENTS.map((a) => ({ key: alignmentName(a), value: data.totals.byAlignment[a].financedEmissions, color: ALIGNMENT_COLOUR[a] }))}
              format={number}
            />
          </SimpleGrid>
          <Group align="end">
            <Select
              label={t('banks.filter.alignment')}
              data={[{ value: '', label: t('banks.filter.all') }, ...ALIGNMENTS.map((a) => ({ value: a, label: alignmentName(a) }))]}
              value={filter.alignment ?? ''}
              onChange={(v) => setFilter({ ...filter, alignment: v ? (v as Alignment) : undefined })}
              allowDeselect={false}
              w={180}
            />
            <Select
              label={t('banks.filter.dataQuality')}
              data={[{ value: '', label: t('banks.filter.all') }, ...DATA_QUALITY_SCORES.map((s) => ({ value: String(s), label: String(s) }))]}
              value={filter.dataQualityScore === undefined ? '' : String(filter.dataQualityScore)}
              onChange={(v) => setFilter({ ...filter, dataQualityScore: v ? (Number(v) as DataQualityScore) : undefined })}
              allowDeselect={false}
              w={160}
            />
            <Select
              label={t('banks.filter.group')}
              data={[{ value: '', label: t('banks.filter.all') }, ...groups.map(([id, name]) => ({ value: String(id), label: name }))]}
              value={filter.assetGroupId === undefined ? '' : String(filter.assetGroupId)}
              onChange={(v) => setFilter({ ...filter, assetGroupId: v ? Number(v) : undefined })}
              allowDeselect={false}
              w={220}
            />
          </Group>
            <Table striped withTableBorder fz="sm" aria-label={t('banks.table.label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={NOWRAP}>{t('banks.table.loanId')}</Table.Th>
                  <Table.Th>{t('banks.table.object')}</Table.Th>
                  <Table.Th ta="right">{t('banks.table.outstanding')}</Table.Th>
                  <Table.Th ta="right">{t('banks.table.attribution')}</Table.Th>
                  <Table.Th ta="right">{t('banks.table.financedEmissions')}</Table.Th>
                  <Table.Th ta="right">{t('banks.table.dataQuality')}</Table.Th>
                  <Table.Th>{t('banks.table.taxonomy')}</Table.Th>
                  <Table.Th ta="right">{t('banks.table.scores')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loans.map((l) => (
                  <Table.Tr key={l.loanId}>
                    <Table.Td style={NOWRAP}>{l.loanId}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {l.objectName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[l.externalId, l.groupName].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{number(l.outstandingAmount, 0)}</Table.Td>
                    <Table.Td ta="right">{number(l.attribution, 2)}</Table.Td>
                    <Table.Td ta="right">{l.financedEmissions === null ? '–' : number(l.financedEmissions)}</Table.Td>
                    <Table.Td ta="right">{l.dataQualityScore}</Table.Td>
                    <Table.Td>
                      <Badge color={ALIGNMENT_COLOUR[l.taxonomy.result].split('.')[0]} variant="light">
                        {alignmentName(l.taxonomy.result)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t(`banks.rule.${l.taxonomy.rule}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {l.ecoreScore === null ? '–' : number(l.ecoreScore)} / {l.financeScore === null ? '–' : number(l.financeScore)}
                      <Text size="xs" c="dimmed">
                        {l.labelValid ? t('banks.table.labelValid') : t('banks.table.labelNone')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          {loans.length === 0 ? <Text>{t('banks.table.empty')}</Text> : null}
        </Stack>
      )}
      <Box mt="lg">
        <ImportHistory history={history} highlightId={highlightId} />
      </Box>
    </>
  );
}
