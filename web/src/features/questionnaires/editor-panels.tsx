import { Alert, Button, Checkbox, Fieldset, Group, MultiSelect, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { findCategory, findQuestion, findSection, itemKey, updateCategory, updateCluster, updateQuestion, updateSection } from '@ecore/core/questionnaires/editing.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import {
  allQuestions, AMBITION_LEVELS, ASSET_CLASSES, CLUSTER_KINDS, KPI_KEY_LIST, KPI_KEYS, maxScoreOf, QUESTION_TYPES, SCORE_TYPES, VIRTUAL_QUESTION_TYPES,
  type NameTranslation, type Question,
} from '@ecore/core/questionnaires/template.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import { ConfirmDialog } from './template-dialogs.tsx';
import { useEditorSession } from './editor-context.ts';
import {
  addBlankOption, parseNumber as num, parseNumberOrNull as numOrNull, patchOption, patchQuestion, patchQuestionTranslation, removeOption, setName, setOptionText, type QuestionEdit,
} from './editor-helpers.ts';
import { formatDateTime } from '../../lib/format-date.ts';

function NotFound({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return <Alert color="yellow">{t(`errors.${messageKey}`)}</Alert>;
}

/** Metadata overview (spec 02 §2): title, version, type and the figures of the template. */
export function MetadataPanel() {
  const { t } = useTranslation();
  const { content, template, readOnly, change, language } = useEditorSession();
  const questions = allQuestions(content);
  return (
    <Stack>
      <Title order={2} size="h3">{t('questionnaires.editor.metadata')}</Title>
      <SimpleGrid cols={2}>
        <TextInput label={t('questionnaires.fields.title')} value={content.title} readOnly={readOnly} onChange={(e) => { const v = e.currentTarget.value; change((c) => ({ ...c, title: v })); }} />
        <TextInput label={t('questionnaires.fields.version')} value={content.version} readOnly={readOnly} onChange={(e) => { const v = e.currentTarget.value; change((c) => ({ ...c, version: v })); }} />
      </SimpleGrid>
      <Checkbox label={t('questionnaires.fields.taxonomyCompliance')} checked={content.taxonomyCompliance} disabled={readOnly} onChange={(e) => { const v = e.currentTarget.checked; change((c) => ({ ...c, taxonomyCompliance: v })); }} />
      <Table>
        <Table.Tbody>
          <Table.Tr><Table.Th>{t('questionnaires.fields.type')}</Table.Th><Table.Td>{t(`questionnaires.types.${content.type}`)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('questionnaires.fields.state')}</Table.Th><Table.Td>{t(`questionnaires.states.${template.state}`)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('questionnaires.fields.modified')}</Table.Th><Table.Td>{template.modifiedBy}, {formatDateTime(template.modifiedDate, language)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('questionnaires.fields.created')}</Table.Th><Table.Td>{formatDateTime(template.creationDate, language)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('questionnaires.metadata.questions')}</Table.Th><Table.Td>{questions.length}</Table.Td></Table.Tr>
          {QUESTION_TYPES.map((type) => (
            <Table.Tr key={type}><Table.Th>{t(`questionnaires.questionTypes.${type}`)}</Table.Th><Table.Td>{questions.filter((q) => q.type === type).length}</Table.Td></Table.Tr>
          ))}
          <Table.Tr><Table.Th>{t('questionnaires.fields.taxonomyRelevant')}</Table.Th><Table.Td>{questions.filter((q) => q.taxonomyRelevant).length}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Cluster weights and finance weights (cluster I weights shown as percentages). */
export function ClusterPanel() {
  const { t } = useTranslation();
  const { content, readOnly, change, language } = useEditorSession();
  const index = Number(useParams().clusterNum) - 1;
  const cluster = content.clusters[index];
  if (!cluster) return <NotFound messageKey="questionnaire-cluster-not-found" />;
  const total = content.clusters.reduce((s, c) => s + c.weight, 0);
  return (
    <Stack>
      <Title order={2} size="h3">{clusterName(index, language)}</Title>
      <SimpleGrid cols={2}>
        <NumberInput label={`${t('questionnaires.fields.weight')} (%)`} value={cluster.weight} min={0} max={100} readOnly={readOnly} decimalSeparator={language === 'de' ? ',' : '.'}
          onChange={(v) => change((c) => updateCluster(c, index, (x) => ({ ...x, weight: num(v) })))} />
        <NumberInput label={`${t('questionnaires.fields.financeWeight')} (%)`} value={cluster.financeWeight} min={0} max={100} readOnly={readOnly} decimalSeparator={language === 'de' ? ',' : '.'}
          onChange={(v) => change((c) => updateCluster(c, index, (x) => ({ ...x, financeWeight: num(v) })))} />
      </SimpleGrid>
      <Checkbox label={t('questionnaires.fields.isTaxonomyCluster')} checked={cluster.isTaxonomyCluster} disabled={readOnly}
        onChange={(e) => { const v = e.currentTarget.checked; change((c) => updateCluster(c, index, (x) => ({ ...x, isTaxonomyCluster: v }))); }} />
      <Text size="sm" c={total === 100 ? 'dimmed' : 'red'}>{t('questionnaires.editor.weightTotal', { total })}</Text>
    </Stack>
  );
}

function DeleteButton({ label, title, onConfirm }: { label: string; title: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>{label}</Button>
      {open ? (
        <ConfirmDialog opened danger title={label} text={t('questionnaires.editor.deleteText', { title })} confirmLabel={t('questionnaires.actions.delete')}
          onClose={() => setOpen(false)} onConfirm={() => { setOpen(false); onConfirm(); }} />
      ) : null}
    </>
  );
}

/** Names per language; `onChange` gets an updater of the stored list, so that quick typing in two fields never undoes one of them. */
function Names({ translations, readOnly, onChange }: { translations: NameTranslation[]; readOnly: boolean; onChange: (edit: (list: NameTranslation[]) => NameTranslation[]) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={2}>
      {LANGUAGES.map((l) => (
        <TextInput key={l} label={t(`questionnaires.fields.name_${l}`)} readOnly={readOnly} value={translations.find((x) => x.language === l)?.name ?? ''}
          onChange={(e) => { const v = e.currentTarget.value; onChange((list) => setName(list, l, v)); }} />
      ))}
    </SimpleGrid>
  );
}

export function CategoryPanel() {
  const { t } = useTranslation();
  const { content, readOnly, change, markDeleted, deleted } = useEditorSession();
  const id = Number(useParams().categoryId);
  const found = findCategory(content, id);
  if (!found) return <NotFound messageKey="questionnaire-category-not-found" />;
  const { category } = found;
  const gone = deleted.has(itemKey({ kind: 'category', id }));
  return (
    <Stack>
      <Title order={2} size="h3">{t('questionnaires.levels.Category')}</Title>
      {gone ? <Alert color="orange">{t('questionnaires.notices.categoryDeleted')}</Alert> : null}
      <Names translations={category.translations} readOnly={readOnly} onChange={(edit) => change((c) => updateCategory(c, id, (x) => ({ ...x, translations: edit(x.translations) })))} />
      <NumberInput label={t('questionnaires.fields.order')} value={category.order} min={0} readOnly={readOnly} onChange={(v) => change((c) => updateCategory(c, id, (x) => ({ ...x, order: num(v) })))} />
      {!readOnly && !gone ? <Group><DeleteButton label={t('questionnaires.editor.deleteCategory')} title={category.translations[0]?.name ?? ''} onConfirm={() => markDeleted({ kind: 'category', id })} /></Group> : null}
    </Stack>
  );
}

export function SectionPanel() {
  const { t } = useTranslation();
  const { content, readOnly, change, markDeleted, deleted, language } = useEditorSession();
  const id = Number(useParams().sectionId);
  const found = findSection(content, id);
  if (!found) return <NotFound messageKey="questionnaire-section-not-found" />;
  const { section } = found;
  const gone = deleted.has(itemKey({ kind: 'section', id }));
  const dec = language === 'de' ? ',' : '.';
  return (
    <Stack>
      <Title order={2} size="h3">{t('questionnaires.levels.Section')}</Title>
      {gone ? <Alert color="orange">{t('questionnaires.notices.sectionDeleted')}</Alert> : null}
      <Names translations={section.translations} readOnly={readOnly} onChange={(edit) => change((c) => updateSection(c, id, (x) => ({ ...x, translations: edit(x.translations) })))} />
      <SimpleGrid cols={3}>
        <NumberInput label={t('questionnaires.fields.weight')} value={section.weight} min={0} max={100} decimalSeparator={dec} readOnly={readOnly} onChange={(v) => change((c) => updateSection(c, id, (x) => ({ ...x, weight: num(v) })))} />
        <NumberInput label={t('questionnaires.fields.financeWeight')} value={section.financeWeight} min={0} max={100} decimalSeparator={dec} readOnly={readOnly} onChange={(v) => change((c) => updateSection(c, id, (x) => ({ ...x, financeWeight: num(v) })))} />
        <NumberInput label={t('questionnaires.fields.order')} value={section.order} min={0} readOnly={readOnly} onChange={(v) => change((c) => updateSection(c, id, (x) => ({ ...x, order: num(v) })))} />
      </SimpleGrid>
      {!readOnly && !gone ? <Group><DeleteButton label={t('questionnaires.editor.deleteSection')} title={section.translations[0]?.name ?? ''} onConfirm={() => markDeleted({ kind: 'section', id })} /></Group> : null}
    </Stack>
  );
}

/** Every field of a question (spec 02 §3) with its options. */
export function QuestionPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { content, readOnly, change, markDeleted, cloneQuestion, deleted, language, template } = useEditorSession();
  const id = Number(useParams().questionId);
  const found = findQuestion(content, id);
  if (!found) return <NotFound messageKey="questionnaire-question-not-found" />;
  const q = found.question;
  const gone = deleted.has(itemKey({ kind: 'question', id }));
  // Every edit names this panel's own question (`id` from the route it was rendered with) and applies to
  // the question as it is in the session then, not to the rendered copy `q`.
  const edit = (fn: QuestionEdit) => change((c) => updateQuestion(c, id, fn));
  const set = (patch: Partial<Question>) => edit(patchQuestion(patch));
  const dec = language === 'de' ? ',' : '.';
  const valueQuestions = allQuestions(content).filter((x) => x.type === 'ValueQuestion');
  const choice = q.type === 'SingleChoice' || q.type === 'MultipleChoice';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">{t('questionnaires.levels.Question')} {q.staticTitle}</Title>
        <Text size="sm" c="dimmed">{t('questionnaires.fields.maxScore')}: {maxScoreOf(q)}</Text>
      </Group>
      {gone ? <Alert color="orange">{t('questionnaires.notices.questionDeleted')}</Alert> : null}
      <SimpleGrid cols={3}>
        <TextInput label={t('questionnaires.fields.staticTitle')} value={q.staticTitle} readOnly={readOnly} onChange={(e) => set({ staticTitle: e.currentTarget.value })} />
        <NativeSelect label={t('questionnaires.fields.questionType')} value={q.type} disabled={readOnly} onChange={(e) => set({ type: e.currentTarget.value as Question['type'] })}
          data={QUESTION_TYPES.map((v) => ({ value: v, label: t(`questionnaires.questionTypes.${v}`) }))} />
        <NativeSelect label={t('questionnaires.fields.ambitionLevel')} value={q.ambitionLevel} disabled={readOnly} onChange={(e) => set({ ambitionLevel: e.currentTarget.value as Question['ambitionLevel'] })} data={[...AMBITION_LEVELS]} />
      </SimpleGrid>
      {LANGUAGES.map((l) => {
        const tr = q.translations.find((x) => x.language === l);
        return (
          <Fieldset key={l} legend={t(`questionnaires.languages.${l}`)}>
            <Stack gap="xs">
              <TextInput label={t(`questionnaires.fields.title_${l}`)} value={tr?.title ?? ''} readOnly={readOnly} onChange={(e) => edit(patchQuestionTranslation(l, { title: e.currentTarget.value }))} />
              <Textarea label={t(`questionnaires.fields.description_${l}`)} autosize minRows={2} value={tr?.description ?? ''} readOnly={readOnly} onChange={(e) => edit(patchQuestionTranslation(l, { description: e.currentTarget.value }))} />
              <Textarea label={t(`questionnaires.fields.clarification_${l}`)} autosize minRows={1} value={tr?.clarification ?? ''} readOnly={readOnly} onChange={(e) => edit(patchQuestionTranslation(l, { clarification: e.currentTarget.value }))} />
            </Stack>
          </Fieldset>
        );
      })}
      <SimpleGrid cols={3}>
        <MultiSelect label={t('questionnaires.fields.assetTypes')} data={[...ASSET_CLASSES]} value={q.assetTypes} disabled={readOnly} onChange={(v) => set({ assetTypes: v as Question['assetTypes'] })} clearable />
        <NativeSelect label={t('questionnaires.fields.clusterType')} value={q.clusterType ?? ''} disabled={readOnly} onChange={(e) => set({ clusterType: (e.currentTarget.value || null) as Question['clusterType'] })}
          data={[{ value: '', label: '—' }, ...CLUSTER_KINDS.map((k, i) => ({ value: k, label: clusterName(i, language) }))]} />
        <NativeSelect label={t('questionnaires.fields.scoreType')} value={q.scoreType} disabled={readOnly} onChange={(e) => set({ scoreType: e.currentTarget.value as Question['scoreType'] })} data={[...SCORE_TYPES]} />
      </SimpleGrid>
      <Group>
        <Checkbox label={t('questionnaires.fields.taxonomyRelevant')} checked={q.taxonomyRelevant} disabled={readOnly} onChange={(e) => set({ taxonomyRelevant: e.currentTarget.checked })} />
        <Checkbox label={t('questionnaires.fields.relevantForReview')} checked={q.relevantForReview} disabled={readOnly} onChange={(e) => set({ relevantForReview: e.currentTarget.checked })} />
        <Checkbox label={t('questionnaires.fields.isGreenHouseGas')} checked={q.isGreenHouseGas} disabled={readOnly} onChange={(e) => set({ isGreenHouseGas: e.currentTarget.checked })} />
        <Checkbox label={t('questionnaires.fields.basicQuestion')} checked={q.basicQuestion} disabled={readOnly} onChange={(e) => set({ basicQuestion: e.currentTarget.checked })} />
      </Group>
      <SimpleGrid cols={3}>
        <NumberInput label={t('questionnaires.fields.order')} value={q.order} min={0} readOnly={readOnly} onChange={(v) => set({ order: num(v) })} />
        <NumberInput label={t('questionnaires.fields.averageValue')} value={q.averageValue ?? ''} decimalSeparator={dec} readOnly={readOnly} onChange={(v) => set({ averageValue: numOrNull(v) })} />
        {q.type === 'ValueQuestion' ? (
          <NativeSelect label={t('questionnaires.fields.kpiKey')} value={q.kpiKey ?? ''} disabled={readOnly} onChange={(e) => set({ kpiKey: (e.currentTarget.value || null) as Question['kpiKey'] })}
            data={[{ value: '', label: '—' }, ...KPI_KEY_LIST.map((k) => ({ value: k, label: `${t(`questionnaires.kpi.${k}`)} (${KPI_KEYS[k]})` }))]} />
        ) : null}
      </SimpleGrid>
      {q.type === 'VirtualQuestion' ? (
        <SimpleGrid cols={2}>
          <NativeSelect label={t('questionnaires.fields.virtualQuestionType')} value={q.virtualQuestionType ?? ''} disabled={readOnly} onChange={(e) => set({ virtualQuestionType: (e.currentTarget.value || null) as Question['virtualQuestionType'] })}
            data={[{ value: '', label: '—' }, ...VIRTUAL_QUESTION_TYPES.map((v) => ({ value: v, label: t(`questionnaires.virtualTypes.${v}`) }))]} />
          <NativeSelect label={t('questionnaires.fields.parentQuestion')} value={q.parentQuestionId === null ? '' : String(q.parentQuestionId)} disabled={readOnly}
            onChange={(e) => set({ parentQuestionId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            data={[{ value: '', label: '—' }, ...valueQuestions.map((v) => ({ value: String(v.id), label: v.staticTitle }))]} />
          <NumberInput label={t('questionnaires.fields.averageVariator')} value={q.averageVariator ?? ''} decimalSeparator={dec} readOnly={readOnly} onChange={(v) => set({ averageVariator: numOrNull(v) })} />
          <NumberInput label={t('questionnaires.fields.virtualMaxScore')} value={q.virtualMaxScore ?? ''} decimalSeparator={dec} readOnly={readOnly} onChange={(v) => set({ virtualMaxScore: numOrNull(v) })} />
        </SimpleGrid>
      ) : null}
      {choice ? (
        <Fieldset legend={t('questionnaires.fields.options')}>
          <Stack gap="xs">
            {q.options.map((o, i) => (
              <Group key={o.id ?? i} align="flex-end" wrap="nowrap">
                {LANGUAGES.map((l) => (
                  <TextInput key={l} label={`${t(`questionnaires.fields.optionText_${l}`)} ${i + 1}`} readOnly={readOnly} value={o.translations.find((x) => x.language === l)?.text ?? ''}
                    onChange={(e) => edit(setOptionText({ id: o.id, index: i }, l, e.currentTarget.value))} />
                ))}
                <NumberInput label={`${t('questionnaires.fields.score')} ${i + 1}`} value={o.score} w={90} decimalSeparator={dec} readOnly={readOnly} onChange={(v) => edit(patchOption({ id: o.id, index: i }, { score: num(v) }))} />
                <Checkbox label={t('questionnaires.fields.isExclusive')} checked={o.isExclusive} disabled={readOnly} onChange={(e) => edit(patchOption({ id: o.id, index: i }, { isExclusive: e.currentTarget.checked }))} mb={8} />
                {!readOnly ? <Button variant="subtle" color="red" onClick={() => edit(removeOption({ id: o.id, index: i }))}>{t('questionnaires.editor.removeOption')} {i + 1}</Button> : null}
              </Group>
            ))}
            {!readOnly ? <Group><Button variant="light" onClick={() => change((c) => addBlankOption(c, id))}>{t('questionnaires.editor.addOption')}</Button></Group> : null}
          </Stack>
        </Fieldset>
      ) : null}
      {!readOnly && !gone ? (
        <Group>
          <Button variant="default" onClick={() => cloneQuestion(id)}>{t('questionnaires.editor.cloneQuestion')}</Button>
          <DeleteButton label={t('questionnaires.editor.deleteQuestion')} title={q.staticTitle} onConfirm={() => { markDeleted({ kind: 'question', id }); navigate(`/score/questionnaire/${template.id}/section/${found.sectionId}`); }} />
        </Group>
      ) : null}
    </Stack>
  );
}
