import { useState } from 'react';
import { Badge, Button, Checkbox, Group, List, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPencil, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { EXPIRY_NOTICE_DAYS, mayChangeLibrary, type EvidenceType } from '@ecore/core/answering/evidence.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { downloadDocument } from './answering-api.ts';
import { deleteEvidence, evidenceKey, fetchEvidence, type EvidenceEntry, type EvidenceLink } from './evidence-api.ts';
import { formatValidity } from './evidence-format.ts';
import { EntryTitle, IconAction } from './icon-action.tsx';
import { LibraryForm } from './library-form.tsx';
import { useTypeOptions } from './library-picker.tsx';

/** One link of a document: the object, the questionnaire's year and state, the question. */
function LinkLine({ link }: { link: EvidenceLink }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs">{t('answering.library.linkText', { object: link.assetName, year: link.reportingYear ?? '–', question: link.questionId })}</Text>
      <StatusBadge kind="object" state={link.questionnaireState} />
    </Group>
  );
}

/**
 * The organisation's evidence library (docs/evidence.md): each document with its type, validity, expiry warning and
 * links; upload, describe and delete (a confirm naming the links; the server refuses a document that is part of a
 * label and the refusal is shown); the object administrator filters those whose validity ends within 60 days.
 */
export function LibraryPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const session = useSession();
  const typeOptions = useTypeOptions();
  const mayChange = session !== null && mayChangeLibrary(session.actor);
  const administers = session !== null && session.actor.roles.includes(Role.ObjectAdministrator);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [type, setType] = useState<EvidenceType | null>(null);
  const [expiring, setExpiring] = useState(false);
  const filter = { search: debounced.trim(), type, expiringWithinDays: expiring ? EXPIRY_NOTICE_DAYS : null };
  const { data, error, mutate } = useSWR(evidenceKey(filter), () => fetchEvidence(filter), { keepPreviousData: true });
  const [editing, setEditing] = useState<EvidenceEntry | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<EvidenceEntry | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setRefusal(null);
    try {
      await deleteEvidence(toDelete.id);
      notifySuccess(t('answering.library.deleted', { name: toDelete.title }));
      setToDelete(null);
      await mutate();
    } catch (failure) {
      const text = errorText(failure);
      setRefusal(text);
      notifyError(text);
    } finally {
      setDeleting(false);
    }
  };
  const download = (entry: EvidenceEntry) => {
    const link = entry.links[0];
    if (link) downloadDocument({ ...entry, id: link.documentId }).catch((failure: unknown) => notifyError(errorText(failure)));
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('answering.library.pageTitle')} />
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('answering.library.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} leftSection={<IconSearch size={16} aria-hidden="true" />} w={280} />
        <Select label={t('answering.library.type')} placeholder={t('answering.library.allTypes')} data={typeOptions} value={type} onChange={(v) => setType(v as EvidenceType | null)} clearable w={200} />
        {administers ? <Checkbox label={t('answering.library.expiringFilter', { days: EXPIRY_NOTICE_DAYS })} checked={expiring} onChange={(e) => setExpiring(e.currentTarget.checked)} mb={8} /> : null}
        {mayChange ? (
          <Button ml="auto" leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>{t('answering.library.upload')}</Button>
        ) : null}
      </Group>
      {error ? <Text c="red" role="alert">{errorText(error)}</Text> : null}
      {!data && !error ? <Loader size="sm" aria-label={t('answering.library.loading')} /> : null}
      {data && data.length === 0 ? <Text c="dimmed">{t('answering.library.empty')}</Text> : null}
      {data && data.length > 0 ? (
        <Table verticalSpacing="xs" aria-label={t('answering.library.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('answering.library.title')}</Table.Th>
              <Table.Th>{t('answering.library.type')}</Table.Th>
              <Table.Th>{t('answering.library.validity')}</Table.Th>
              <Table.Th>{t('answering.library.links')}</Table.Th>
              <Table.Th aria-label={t('answering.documents.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td><EntryTitle title={entry.title} fileName={entry.fileName} /></Table.Td>
                <Table.Td><Text size="sm">{t(`answering.library.types.${entry.type}`)}</Text></Table.Td>
                <Table.Td>
                  <Text size="sm">{formatValidity(entry, i18n.language, t)}</Text>
                  {entry.expiringSoon ? <Badge color="orange" variant="light" mt={4}>{t('answering.library.expiringSoon')}</Badge> : null}
                </Table.Td>
                <Table.Td>
                  {entry.links.length === 0 ? <Text size="xs" c="dimmed">{t('answering.library.noLinks')}</Text> : entry.links.map((link) => <LinkLine key={link.documentId} link={link} />)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {entry.links.length > 0 ? (
                      <IconAction label={t('answering.documents.download', { name: entry.fileName })} onClick={() => download(entry)}>
                        <IconDownload size={16} aria-hidden="true" />
                      </IconAction>
                    ) : null}
                    {mayChange ? (
                      <>
                        <IconAction label={t('answering.library.editNamed', { name: entry.title })} onClick={() => setEditing(entry)}>
                          <IconPencil size={16} aria-hidden="true" />
                        </IconAction>
                        <IconAction label={t('answering.library.deleteNamed', { name: entry.title })} color="red" onClick={() => { setRefusal(null); setToDelete(entry); }}>
                          <IconTrash size={16} aria-hidden="true" />
                        </IconAction>
                      </>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {editing !== null ? <LibraryForm entry={editing === 'new' ? null : editing} onDone={() => mutate()} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('answering.library.confirmDelete.title')}
        confirmLabel={t('answering.library.confirmDelete.confirm')}
        destructive
        pending={deleting}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? (
          <Stack gap="xs">
            <Text size="sm">{t('answering.library.confirmDelete.text', { name: toDelete.title, count: toDelete.links.length })}</Text>
            {toDelete.links.length > 0 ? (
              <List size="sm">
                {toDelete.links.map((link) => (
                  <List.Item key={link.documentId}>{t('answering.library.linkText', { object: link.assetName, year: link.reportingYear ?? '–', question: link.questionId })}</List.Item>
                ))}
              </List>
            ) : null}
            {refusal ? <Text size="sm" c="red" role="alert">{refusal}</Text> : null}
          </Stack>
        ) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
