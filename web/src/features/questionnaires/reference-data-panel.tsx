import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, NativeSelect, Skeleton, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SCORING_IMPORT_KINDS, type ReferenceDataSet } from '@ecore/core/questionnaires/reference-data.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { fetchScoringTable, importScoringTable } from './questionnaires-api.ts';
import { CSV_HEADERS, headerMatches, referenceDataOverview, rowErrors, type ReferenceDataOverview, type RowError, type ScoringImportKind } from './reference-data-form.ts';

/**
 * The current reference data (DOMAIN.md §5), read-only: data sets, their illustrative flag and note, row counts.
 * Everything is in the interface language: the illustrative data sets are the demo data the portal ships (an
 * import is never illustrative), so their name and note are the catalogue's; an imported set keeps the name
 * it was given.
 */
function CurrentDataSets({ overview }: { overview: ReferenceDataOverview }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'de-DE');
  const set = (kind: ScoringImportKind, dataSet: ReferenceDataSet | null, rows: [string, number][]) => {
    const label = t(`questionnaires.reference.kinds.${kind}`);
    const name = dataSet?.illustrative ? t(`questionnaires.reference.demo.${kind}`) : dataSet?.name;
    const note = dataSet?.illustrative ? t('questionnaires.reference.demo.note') : dataSet?.note;
    return (
    <Table.Tbody>
      <Table.Tr>
        <Table.Th w="35%">{label}</Table.Th>
        <Table.Td>
          {dataSet ? (
            <Group gap="xs">
              <Text size="sm" fw={600}>{name}</Text>
              {dataSet.illustrative ? <Badge color="yellow" variant="light" tt="none">{t('questionnaires.reference.illustrative')}</Badge> : null}
            </Group>
          ) : <Text size="sm" c="dimmed">{t('questionnaires.reference.none')}</Text>}
          {note ? <Text size="sm">{t('questionnaires.reference.note')}: {note}</Text> : null}
        </Table.Td>
      </Table.Tr>
      {rows.map(([rowName, n]) => (
        <Table.Tr key={rowName}><Table.Td pl="lg">{rowName}</Table.Td><Table.Td>{count(n)}</Table.Td></Table.Tr>
      ))}
    </Table.Tbody>
    );
  };
  return (
    <Table aria-label={t('questionnaires.reference.current')} withTableBorder>
      {set('referenceValues', overview.referenceValues, [
        [t('questionnaires.reference.averages'), overview.averages],
        [t('questionnaires.reference.pathways'), overview.pathways],
        [t('questionnaires.reference.combinations'), overview.combinations],
      ])}
      {set('emissionFactors', overview.emissionFactors, [[t('questionnaires.reference.emissionFactorRows'), overview.emissionFactorRows]])}
    </Table>
  );
}

/** Score management, tab "reference data": the current data sets and the CSV import (scoring model manager). */
export function ReferenceDataPanel() {
  const { t } = useTranslation();
  const [overview, setOverview] = useState<ReferenceDataOverview | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [kind, setKind] = useState<ScoringImportKind>('referenceValues');
  const [csv, setCsv] = useState('');
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; rows: RowError[] } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchScoringTable('DW', controller.signal), fetchScoringTable('Year', controller.signal)])
      .then(([averages, pathways]) => {
        setFailed(false);
        setOverview(referenceDataOverview(averages, pathways));
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [reload]);

  const readFile = useCallback(async (file: File | null) => {
    if (!file) return;
    setCsv(await file.text());
    setRefusal(null);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setRefusal(null);
    try {
      const { imported } = await importScoringTable({ kind, csv, dataSetName: name.trim() });
      notifySuccess(t('questionnaires.reference.imported', { count: imported }));
      setCsv('');
      setReload((n) => n + 1);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400) setRefusal({ message: error.message, rows: rowErrors(error.fields) });
      notifyError(error instanceof ApiError ? error.message : t('errors.request-error'));
    } finally {
      setPending(false);
    }
  };

  const wrongHeader = csv.trim() !== '' && !headerMatches(kind, csv);
  return (
    <Stack maw={900}>
      <Title order={2} size="h3">{t('questionnaires.reference.current')}</Title>
      {failed ? (
        <Alert color="red" variant="light" title={t('errors.scoringtable-fetch-error')}>
          <Button size="xs" variant="light" onClick={() => setReload((n) => n + 1)}>{t('questionnaires.list.retry')}</Button>
        </Alert>
      ) : overview ? <CurrentDataSets overview={overview} /> : <Skeleton height={160} />}

      <Title order={2} size="h3" mt="lg">{t('questionnaires.reference.importTitle')}</Title>
      <form onSubmit={(e) => void submit(e)} aria-label={t('questionnaires.reference.importTitle')}>
        <Stack gap="sm">
          <NativeSelect label={t('questionnaires.reference.kind')} value={kind} onChange={(e) => { setKind(e.currentTarget.value as ScoringImportKind); setRefusal(null); }}
            data={SCORING_IMPORT_KINDS.map((k) => ({ value: k, label: t(`questionnaires.reference.kinds.${k}`) }))} />
          <Text size="sm" c="dimmed">{t('questionnaires.reference.columns', { header: CSV_HEADERS[kind] })} {t('questionnaires.reference.replaces')}</Text>
          <FileInput label={t('questionnaires.reference.file')} accept=".csv,text/csv,text/plain" clearable onChange={(file) => void readFile(file)} />
          <Textarea label={t('questionnaires.reference.csv')} autosize minRows={5} maxRows={14} value={csv} spellCheck={false} ff="monospace"
            onChange={(e) => { setCsv(e.currentTarget.value); setRefusal(null); }}
            error={wrongHeader ? t('questionnaires.reference.headerHint', { header: CSV_HEADERS[kind] }) : undefined} />
          <TextInput label={t('questionnaires.reference.dataSetName')} required value={name} maxLength={200} onChange={(e) => setName(e.currentTarget.value)} />
          <Group>
            <Button type="submit" loading={pending} disabled={pending || csv.trim() === '' || name.trim() === ''}>{t('questionnaires.reference.submit')}</Button>
          </Group>
          {refusal ? (
            <Alert color="red" variant="light" role="alert" title={t('questionnaires.reference.refused')}>
              <Text size="sm">{refusal.message}</Text>
              {refusal.rows.length ? (
                <List size="sm" mt="xs" aria-label={t('questionnaires.reference.rowErrors')}>
                  {refusal.rows.map((r) => <List.Item key={`${r.line}-${r.column}`}>{t('questionnaires.reference.rowError', { line: r.line, column: r.column })}</List.Item>)}
                </List>
              ) : null}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
