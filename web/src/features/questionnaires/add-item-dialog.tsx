import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addedItemProblems, changeAddedItem, STRUCTURE_LEVELS, type AddedItem } from '@ecore/core/questionnaires/editing.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { nameIn, type TemplateContent } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';

/**
 * Add structure item (spec 02 §2, §5): level, cluster, category, section and title; preselected from the
 * route's clusterNum, categoryId and sectionId; changing the cluster resets category and section.
 */
export function AddItemDialog({
  opened, onClose, onAdd, content, language, preset,
}: { opened: boolean; onClose: () => void; onAdd: (item: AddedItem) => void; content: TemplateContent; language: Language; preset: AddedItem }) {
  const { t } = useTranslation();
  const [item, setItem] = useState<AddedItem>(preset);
  const [tried, setTried] = useState(false);
  const problems = addedItemProblems(item);
  const cluster = item.clusterIdx === null ? undefined : content.clusters[item.clusterIdx];
  const category = cluster?.categories.find((c) => c.id === item.categoryId);
  const err = (field: (typeof problems)[number]) => (tried && problems.includes(field) ? t('errors.validation-required') : null);
  const num = (v: string) => (v === '' ? null : Number(v));
  const submit = () => {
    setTried(true);
    if (problems.length === 0) onAdd(item);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('questionnaires.addItem.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <NativeSelect label={t('questionnaires.addItem.level')} value={item.level} onChange={(e) => setItem(changeAddedItem(item, { level: e.currentTarget.value as AddedItem['level'] }))}
          data={STRUCTURE_LEVELS.map((l) => ({ value: l, label: t(`questionnaires.levels.${l}`) }))} />
        {item.level !== 'Cluster' ? (
          <NativeSelect label={t('questionnaires.addItem.cluster')} value={item.clusterIdx === null ? '' : String(item.clusterIdx)} error={err('clusterIdx')}
            onChange={(e) => setItem(changeAddedItem(item, { clusterIdx: num(e.currentTarget.value) }))}
            data={[{ value: '', label: '—' }, ...content.clusters.map((_, i) => ({ value: String(i), label: clusterName(i, language) }))]} />
        ) : null}
        {item.level === 'Section' || item.level === 'Question' ? (
          <NativeSelect label={t('questionnaires.addItem.category')} value={item.categoryId === null ? '' : String(item.categoryId)} error={err('categoryId')}
            onChange={(e) => setItem(changeAddedItem(item, { categoryId: num(e.currentTarget.value) }))}
            data={[{ value: '', label: '—' }, ...(cluster?.categories ?? []).map((c) => ({ value: String(c.id), label: nameIn(c.translations, language) }))]} />
        ) : null}
        {item.level === 'Question' ? (
          <NativeSelect label={t('questionnaires.addItem.section')} value={item.sectionId === null ? '' : String(item.sectionId)} error={err('sectionId')}
            onChange={(e) => setItem(changeAddedItem(item, { sectionId: num(e.currentTarget.value) }))}
            data={[{ value: '', label: '—' }, ...(category?.sections ?? []).map((s) => ({ value: String(s.id), label: nameIn(s.translations, language) }))]} />
        ) : null}
        {item.level !== 'Cluster' ? (
          <TextInput label={t('questionnaires.addItem.itemTitle')} value={item.title} error={err('title')} data-autofocus onChange={(e) => setItem({ ...item, title: e.currentTarget.value })} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => (item.level === 'Cluster' ? onAdd({ ...item, title: 'Cluster' }) : submit())}>{t('questionnaires.addItem.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
