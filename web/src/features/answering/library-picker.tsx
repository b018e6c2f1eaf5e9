import { useState } from 'react';
import { Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink, IconLinkOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { EVIDENCE_TYPES, type EvidenceType } from '@ecore/core/answering/evidence.ts';
import { useErrorText } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { evidenceKey, fetchEvidence, linkEvidence, unlinkEvidence, type EvidenceEntry } from './evidence-api.ts';
import { formatValidity } from './evidence-format.ts';
import { EntryTitle } from './icon-action.tsx';

/** The type filter of the library: every type, named in the user's language. */
export const useTypeOptions = () => {
  const { t } = useTranslation();
  return EVIDENCE_TYPES.map((type) => ({ value: type, label: t(`answering.library.types.${type}`) }));
};

/**
 * "Aus Bibliothek wählen" (docs/evidence.md): the organisation's library documents, searched by title or file name
 * and filtered by type, each linked to the answer or unlinked from it with one click.
 */
export function LibraryPicker({ answerId, onClose, onChanged }: { answerId: number; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const typeOptions = useTypeOptions();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<EvidenceType | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const filter = { search: debounced.trim(), type };
  const { data, error, mutate } = useSWR(evidenceKey(filter), () => fetchEvidence(filter), { keepPreviousData: true, revalidateOnFocus: false });
  const [pending, setPending] = useState<number | null>(null);

  const toggle = async (entry: EvidenceEntry, linked: boolean) => {
    setPending(entry.id);
    try {
      if (linked) await unlinkEvidence(answerId, entry.id);
      else await linkEvidence(answerId, entry.id);
      notifySuccess(t(linked ? 'answering.library.unlinked' : 'answering.library.linked', { name: entry.title }));
      await Promise.all([mutate(), onChanged()]);
    } catch (failure) {
      notifyError(errorText(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('answering.library.choose')} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Group grow align="flex-end">
          <TextInput
            label={t('answering.library.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            data-autofocus
          />
          <Select
            label={t('answering.library.type')}
            placeholder={t('answering.library.allTypes')}
            data={typeOptions}
            value={type}
            onChange={(value) => setType(value as EvidenceType | null)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {error ? <Text size="sm" c="red" role="alert">{errorText(error)}</Text> : null}
        {!data && !error ? <Loader size="sm" aria-label={t('answering.library.loading')} /> : null}
        {data && data.length === 0 ? <Text size="sm" c="dimmed">{t('answering.library.empty')}</Text> : null}
        {data && data.length > 0 ? (
          <Table verticalSpacing={4} aria-label={t('answering.library.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('answering.library.title')}</Table.Th>
                <Table.Th>{t('answering.library.type')}</Table.Th>
                <Table.Th>{t('answering.library.validity')}</Table.Th>
                <Table.Th aria-label={t('answering.documents.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((entry) => {
                const linked = entry.links.some((link) => link.answerId === answerId);
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td><EntryTitle title={entry.title} fileName={entry.fileName} /></Table.Td>
                    <Table.Td><Text size="sm">{t(`answering.library.types.${entry.type}`)}</Text></Table.Td>
                    <Table.Td><Text size="sm">{formatValidity(entry, i18n.language, t)}</Text></Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant={linked ? 'subtle' : 'light'}
                        color={linked ? 'red' : undefined}
                        loading={pending === entry.id}
                        leftSection={linked ? <IconLinkOff size={14} aria-hidden="true" /> : <IconLink size={14} aria-hidden="true" />}
                        aria-label={t(linked ? 'answering.library.unlinkNamed' : 'answering.library.linkNamed', { name: entry.title })}
                        onClick={() => void toggle(entry, linked)}
                      >
                        {t(linked ? 'answering.library.unlink' : 'answering.library.link')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Modal>
  );
}
