import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, SegmentedControl, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mayImport, type ImportKind } from '@ecore/core/imports/import-access.ts';
import { canAccessArea } from '@ecore/core/identity/route-access.ts';
import { importedObjects, mayCommitImport, previewRows, type RowStatus } from '@ecore/core/imports/import-table.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { fetchAssetGroupInfo, GROUP_INFO_KEY } from '../assets/assets-api.ts';
import { objectPath } from '../assets/object-paths.ts';
import { GresbCard } from './gresb-card.tsx';
import { ImportPreviewTable, RowObjectCell, STATUS_COLOUR } from './import-preview-table.tsx';
import { ImportFileField } from './import-file-field.tsx';
import { ImportHistory, useImportHistory } from './import-history.tsx';
import { downloadImportFile, uploadImport, type ImportResult } from './imports-api.ts';

const PROGRESS_COLOUR = 'blue';

/**
 * /import (issue 20, DOMAIN.md §10): objects or answers (the collector answers only, core mayImport); download the
 * template (for answers a group's, prefilled), upload a filled file (with a progress bar) for a preview of every row,
 * and import it whole once no row fails. Below, the organisation's imports with their reports, a failed one badged.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const session = useSession();
  const mayImportObjects = session !== null && mayImport(session.actor, 'assets');
  const [chosenKind, setKind] = useState<ImportKind | null>(null);
  const kind: ImportKind = chosenKind ?? (mayImportObjects ? 'assets' : 'answers');
  const [groupId, setGroupId] = useState<string | null>(null);
  const groups = useSWR(kind === 'answers' ? GROUP_INFO_KEY : null, fetchAssetGroupInfo, { revalidateOnFocus: false });
  const group = groups.data?.find((g) => String(g.id) === groupId) ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [done, setDone] = useState<ImportResult | null>(null);
  // `?importId=` (the worklist's link to a failed import) marks that entry of the history, fetched too when older.
  const [params] = useSearchParams();
  const highlightId = Number(params.get('importId')) || null;
  const history = useImportHistory(highlightId);
  const pending = progress !== null;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    const answer = await uploadImport(file, dryRun, setProgress, kind, kind === 'answers' ? group?.organisationId : undefined);
    setProgress(null);
    if (answer.ok) {
      if (dryRun) {
        setPreview(answer.result);
        setDone(null);
      } else {
        setPreview(null);
        setDone(answer.result);
        setFile(null);
        notifySuccess(t('imports.page.imported', { count: answer.result.created + answer.result.updated + answer.result.unchanged }));
        void history.mutate();
      }
      return;
    }
    setPreview(answer.result);
    const text = answer.error.message || t('imports.page.uploadError');
    setFailure(text);
    notifyError(text);
  };

  const template = (exportFormat: 1 | 2) => {
    const query: Record<string, number> = kind === 'answers' && group ? { assetGroupId: group.id, organisationId: group.organisationId } : {};
    downloadImportFile(`import/${kind}/template`, { language: currentLanguage(), exportFormat, ...query }).catch(() => notifyError(t('imports.page.downloadError')));
  };
  const templateMissing = kind === 'answers' && !group;
  const statusText = (status: RowStatus) => t(kind === 'answers' ? `imports.answerStatus.${status}` : `imports.status.${status}`);
  const chooseKind = (next: ImportKind) => {
    setKind(next);
    setFile(null);
    setPreview(null);
    setFailure(null);
    setDone(null);
  };

  const rows = preview ? previewRows(preview.rows, errorsOnly) : [];
  const imported = done ? importedObjects(done.rows) : [];
  // Object pages are for the roles of asset management (spec 02 §2); an import administrator reads the list only.
  const mayOpenObjects = session !== null && canAccessArea(session.actor, 'assetManagement');
  const count = preview?.rows.length ?? 0;

  return (
    <>
      <PageHeader />
      <Stack gap="lg" maw={1400}>
        <Card withBorder>
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('imports.kind.label')}
              w="fit-content"
              value={kind}
              onChange={(v) => chooseKind(v as ImportKind)}
              data={[
                { value: 'assets', label: t('imports.kind.assets'), disabled: !mayImportObjects },
                { value: 'answers', label: t('imports.kind.answers') },
              ]}
            />
            <Title order={2} size="h4">
              {t('imports.page.templateTitle')}
            </Title>
            <Text size="sm">{t(kind === 'answers' ? 'imports.page.answerTemplateText' : 'imports.page.templateText')}</Text>
            {kind === 'answers' ? (
              <Select
                label={t('imports.page.group')}
                placeholder={t('imports.page.groupPlaceholder')}
                data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                value={groupId}
                onChange={setGroupId}
                searchable
                w={420}
              />
            ) : null}
            <Group gap="sm">
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => template(2)} disabled={templateMissing}>
                {t('imports.page.templateExcel')}
              </Button>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => template(1)} disabled={templateMissing}>
                {t('imports.page.templateCsv')}
              </Button>
            </Group>
          </Stack>
        </Card>

        {mayImportObjects ? <GresbCard /> : null}

        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('imports.page.uploadTitle')}
            </Title>
            <Group align="end" gap="sm">
              <ImportFileField
                label={t('imports.page.file')}
                placeholder={t('imports.page.filePlaceholder')}
                clearLabel={t('imports.page.clearFile')}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setPreview(null);
                  setFailure(null);
                }}
                w={420}
                disabled={pending}
              />
              <Button leftSection={<IconFileUpload size={16} aria-hidden="true" />} onClick={() => void send(true)} disabled={!file || pending} loading={pending && progress !== null && !preview}>
                {t('imports.page.check')}
              </Button>
            </Group>
            {progress !== null ? <Progress value={Math.round(progress * 100)} aria-label={t('imports.page.progress')} animated /> : null}
            {failure && !preview ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            {done ? (
              <Alert color="green" role="status">
                {kind === 'answers'
                  ? t('imports.page.answersDoneSummary', { created: done.created, updated: done.updated, unchanged: done.unchanged })
                  : t('imports.page.doneSummary', { created: done.created, updated: done.updated, unchanged: done.unchanged, groups: t('imports.page.groupsCreated', { count: done.groupsCreated }) })}
              </Alert>
            ) : null}
          </Stack>
        </Card>

        {imported.length > 0 ? (
          <Card withBorder>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('imports.page.importedTitle')}
              </Title>
              {mayOpenObjects ? null : (
                <Text size="sm" c="dimmed">
                  {t('imports.page.importedReadOnly')}
                </Text>
              )}
              <Table striped withTableBorder aria-label={t('imports.page.importedTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('imports.columns.object')}</Table.Th>
                    <Table.Th w={120}>{t('imports.columns.assetId')}</Table.Th>
                    <Table.Th w={140}>{t('imports.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {imported.map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>
                        <RowObjectCell object={r} to={mayOpenObjects ? objectPath(r.assetId, session.actor.orgBuyer) : undefined} />
                      </Table.Td>
                      <Table.Td>{r.assetId}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOUR[r.status]} variant="light">
                          {statusText(r.status)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </Card>
        ) : null}

        {preview ? (
          <Card withBorder>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {t('imports.page.previewTitle')}
                </Title>
                <Button onClick={() => void send(false)} disabled={!mayCommitImport(preview) || pending}>
                  {t('imports.page.commit', { count })}
                </Button>
              </Group>
              <Group gap="xs">
                {(['created', 'updated', 'unchanged', 'failed'] as const).map((s) => (
                  <Badge key={s} color={STATUS_COLOUR[s]} variant="light">
                    {statusText(s)}: {preview[s]}
                  </Badge>
                ))}
                {preview.groupsCreated > 0 ? (
                  <Badge color={PROGRESS_COLOUR} variant="light">
                    {t('imports.page.groupsCreated', { count: preview.groupsCreated })}
                  </Badge>
                ) : null}
              </Group>
              {preview.failed > 0 ? (
                <Alert color="red" role="alert">
                  {t('imports.page.failedHint', { count: preview.failed })}
                </Alert>
              ) : null}
              <Switch label={t('imports.page.errorsOnly')} checked={errorsOnly} onChange={(e) => setErrorsOnly(e.currentTarget.checked)} />
              <ImportPreviewTable rows={rows} label={t('imports.page.previewTable')} statusText={statusText} />
            </Stack>
          </Card>
        ) : null}

        <ImportHistory history={history} highlightId={highlightId} />
      </Stack>
    </>
  );
}
