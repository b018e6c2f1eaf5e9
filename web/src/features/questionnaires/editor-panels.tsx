import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, MultiSelect, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { findCategory, findQuestion, findSection, itemKey, updateCategory, updateCluster, updateQuestion, updateSection } from '@ecore/core/questionnaires/editing.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { clusterWeightsAddUp } from '@ecore/core/questionnaires/template-rules.ts';
import {
  allQuestions, AMBITION_LEVELS, givenTemplateTitle, withTemplateTitle, ASSET_CLASSES, CLUSTER_KINDS, KPI_KEY_LIST, KPI_KEYS, maxScoreOf, QUESTION_TYPES, SCORE_TYPES, VIRTUAL_QUESTION_TYPES,
  type NameTranslation, type Question,
} from '@ecore/core/questionnaires/template.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import { ConfirmDialog } from './template-dialogs.tsx';
import { useEditorSession } from './editor-context.ts';
import {
  addBlankOption, parseNumber as num, parseNumberOrNull as numOrNull, patchOption, patchQuestion, patchQuestionTranslation, removeOption, setName, setOptionText, type QuestionEdit,
} from './editor-helpers.ts';
import { ReadOnlyField, ReadOnlyFlag } from '../../components/forms/read-only-field.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

function NotFound({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return <Alert color="yellow">{t(`errors.${messageKey}`)}</Alert>;
}

/*
 * The editor's fields: inputs while the template can be edited, read-only values (the shared ReadOnlyField)
 * when it cannot (an active or archived template, a lock held by someone else), never inputs that only
 * look editable.
 */

function TextField({ label, value, onChange, multiline, minRows }: { label: string; value: string; onChange: (value: string) => void; multiline?: boolean; minRows?: number }) {
  const { readOnly } = useEditorSession();
  if (readOnly) return <ReadOnlyField label={label} value={value} multiline={multiline} />;
  return multiline ? (
    <Textarea label={label} autosize minRows={minRows ?? 1} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ) : (
    <TextInput label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
  );
}

function NumberField({ label, value, onChange, decimal, min, max, w }: {
  label: string; value: number | ''; onChange: (value: string | number) => void; decimal?: boolean; min?: number; max?: number; w?: number;
}) {
  const { readOnly, language } = useEditorSession();
  const separator = language === 'de' ? ',' : '.';
  if (readOnly) return <ReadOnlyField label={label} value={value === '' ? '' : String(value).replace('.', separator)} />;
  return <NumberInput label={label} value={value} min={min} max={max} w={w} decimalSeparator={decimal ? separator : undefined} onChange={onChange} />;
}

function ChoiceField({ label, value, data, onChange }: { label: string; value: string; data: readonly (string | { value: string; label: string })[]; onChange: (value: string) => void }) {
  const { readOnly } = useEditorSession();
  const options = data.map((d) => (typeof d === 'string' ? { value: d, label: d } : d));
  if (readOnly) return <ReadOnlyField label={label} value={options.find((o) => o.value === value)?.label ?? value} />;
  return <NativeSelect label={label} value={value} data={options} onChange={(e) => onChange(e.currentTarget.value)} />;
}

function FlagField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { readOnly } = useEditorSession();
  if (readOnly) return <ReadOnlyFlag label={label} checked={checked} />;
  return <Checkbox label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

/** Metadata overview (spec 02 §2): title, version, type and the figures of the template. */
export function MetadataPanel() {
  const { t } = useTranslation();
  const { content, template, change, language } = useEditorSession();
  const questions = allQuestions(content);
  return (
    <Stack>
      <Title order={2} size="h3">{t('questionnaires.editor.metadata')}</Title>
      <SimpleGrid cols={2}>
        {LANGUAGES.map((l) => (
          <TextField key={l} label={t(`questionnaires.fields.title_${l}`)} value={givenTemplateTitle(content, l)} onChange={(v) => change((c) => withTemplateTitle(c, l, v))} />
        ))}
        <TextField label={t('questionnaires.fields.version')} value={content.version} onChange={(v) => change((c) => ({ ...c, version: v }))} />
      </SimpleGrid>
      <FlagField label={t('questionnaires.fields.taxonomyCompliance')} checked={content.taxonomyCompliance} onChange={(v) => change((c) => ({ ...c, taxonomyCompliance: v }))} />
      <Table>
        <Table.Tbody>
          <Table.Tr><Table.Th>{t('questionnaires.fields.type')}</Table.Th><Table.Td>{t(`questionnaires.types.${content.type}`)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('questionnaires.fields.state')}</Table.Th><Table.Td><StatusBadge kind="template" state={template.state} /></Table.Td></Table.Tr>
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
  const { content, change, language } = useEditorSession();
  const index = Number(useParams().clusterNum) - 1;
  const cluster = content.clusters[index];
  if (!cluster) return <NotFound messageKey="questionnaire-cluster-not-found" />;
  const total = content.clusters.reduce((s, c) => s + c.weight, 0);
  return (
    <Stack>
      <Title order={2} size="h3">{clusterName(index, language)}</Title>
      <SimpleGrid cols={2}>
        <NumberField label={`${t('questionnaires.fields.weight')} (%)`} value={cluster.weight} min={0} max={100} decimal
          onChange={(v) => change((c) => updateCluster(c, index, (x) => ({ ...x, weight: num(v) })))} />
        <NumberField label={`${t('questionnaires.fields.financeWeight')} (%)`} value={cluster.financeWeight} min={0} max={100} decimal
          onChange={(v) => change((c) => updateCluster(c, index, (x) => ({ ...x, financeWeight: num(v) })))} />
      </SimpleGrid>
      <FlagField label={t('questionnaires.fields.isTaxonomyCluster')} checked={cluster.isTaxonomyCluster}
        onChange={(v) => change((c) => updateCluster(c, index, (x) => ({ ...x, isTaxonomyCluster: v })))} />
      <Text size="sm" c={clusterWeightsAddUp(content.clusters) ? 'dimmed' : 'red'}>{t('questionnaires.editor.weightTotal', { total })}</Text>
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
function Names({ translations, onChange }: { translations: NameTranslation[]; onChange: (edit: (list: NameTranslation[]) => NameTranslation[]) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={2}>
      {LANGUAGES.map((l) => (
        <TextField key={l} label={t(`questionnaires.fields.name_${l}`)} value={translations.find((x) => x.language === l)?.name ?? ''}
          onChange={(v) => onChange((list) => setName(list, l, v))} />
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
      <Names translations={category.translations} onChange={(edit) => change((c) => updateCategory(c, id, (x) => ({ ...x, translations: edit(x.translations) })))} />
      <NumberField label={t('questionnaires.fields.order')} value={category.order} min={0} onChange={(v) => change((c) => updateCategory(c, id, (x) => ({ ...x, order: num(v) })))} />
      {!readOnly && !gone ? <Group><DeleteButton label={t('questionnaires.editor.deleteCategory')} title={category.translations[0]?.name ?? ''} onConfirm={() => markDeleted({ kind: 'category', id })} /></Group> : null}
    </Stack>
  );
}

export function SectionPanel() {
  const { t } = useTranslation();
  const { content, readOnly, change, markDeleted, deleted } = useEditorSession();
  const id = Number(useParams().sectionId);
  const found = findSection(content, id);
  if (!found) return <NotFound messageKey="questionnaire-section-not-found" />;
  const { section } = found;
  const gone = deleted.has(itemKey({ kind: 'section', id }));
  return (
    <Stack>
      <Title order={2} size="h3">{t('questionnaires.levels.Section')}</Title>
      {gone ? <Alert color="orange">{t('questionnaires.notices.sectionDeleted')}</Alert> : null}
      <Names translations={section.translations} onChange={(edit) => change((c) => updateSection(c, id, (x) => ({ ...x, translations: edit(x.translations) })))} />
      <SimpleGrid cols={3}>
        <NumberField label={t('questionnaires.fields.weight')} value={section.weight} min={0} max={100} decimal onChange={(v) => change((c) => updateSection(c, id, (x) => ({ ...x, weight: num(v) })))} />
        <NumberField label={t('questionnaires.fields.financeWeight')} value={section.financeWeight} min={0} max={100} decimal onChange={(v) => change((c) => updateSection(c, id, (x) => ({ ...x, financeWeight: num(v) })))} />
        <NumberField label={t('questionnaires.fields.order')} value={section.order} min={0} onChange={(v) => change((c) => updateSection(c, id, (x) => ({ ...x, order: num(v) })))} />
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
        <TextField label={t('questionnaires.fields.staticTitle')} value={q.staticTitle} onChange={(v) => set({ staticTitle: v })} />
        <ChoiceField label={t('questionnaires.fields.questionType')} value={q.type} onChange={(v) => set({ type: v as Question['type'] })}
          data={QUESTION_TYPES.map((v) => ({ value: v, label: t(`questionnaires.questionTypes.${v}`) }))} />
        <ChoiceField label={t('questionnaires.fields.ambitionLevel')} value={q.ambitionLevel} onChange={(v) => set({ ambitionLevel: v as Question['ambitionLevel'] })} data={AMBITION_LEVELS} />
      </SimpleGrid>
      {LANGUAGES.map((l) => {
        const tr = q.translations.find((x) => x.language === l);
        return (
          <Fieldset key={l} legend={t(`questionnaires.languages.${l}`)}>
            <Stack gap="xs">
              <TextField label={t(`questionnaires.fields.title_${l}`)} value={tr?.title ?? ''} onChange={(v) => edit(patchQuestionTranslation(l, { title: v }))} />
              <TextField multiline minRows={2} label={t(`questionnaires.fields.description_${l}`)} value={tr?.description ?? ''} onChange={(v) => edit(patchQuestionTranslation(l, { description: v }))} />
              <TextField multiline label={t(`questionnaires.fields.clarification_${l}`)} value={tr?.clarification ?? ''} onChange={(v) => edit(patchQuestionTranslation(l, { clarification: v }))} />
            </Stack>
          </Fieldset>
        );
      })}
      <SimpleGrid cols={3}>
        {readOnly ? (
          <ReadOnlyField label={t('questionnaires.fields.assetTypes')} value={q.assetTypes.join(', ')} />
        ) : (
          <MultiSelect label={t('questionnaires.fields.assetTypes')} data={[...ASSET_CLASSES]} value={q.assetTypes} onChange={(v) => set({ assetTypes: v as Question['assetTypes'] })} clearable />
        )}
        <ChoiceField label={t('questionnaires.fields.clusterType')} value={q.clusterType ?? ''} onChange={(v) => set({ clusterType: (v || null) as Question['clusterType'] })}
          data={[{ value: '', label: '—' }, ...CLUSTER_KINDS.map((k, i) => ({ value: k, label: clusterName(i, language) }))]} />
        <ChoiceField label={t('questionnaires.fields.scoreType')} value={q.scoreType} onChange={(v) => set({ scoreType: v as Question['scoreType'] })} data={SCORE_TYPES} />
      </SimpleGrid>
      <Group>
        <FlagField label={t('questionnaires.fields.taxonomyRelevant')} checked={q.taxonomyRelevant} onChange={(v) => set({ taxonomyRelevant: v })} />
        <FlagField label={t('questionnaires.fields.relevantForReview')} checked={q.relevantForReview} onChange={(v) => set({ relevantForReview: v })} />
        <FlagField label={t('questionnaires.fields.isGreenHouseGas')} checked={q.isGreenHouseGas} onChange={(v) => set({ isGreenHouseGas: v })} />
        <FlagField label={t('questionnaires.fields.basicQuestion')} checked={q.basicQuestion} onChange={(v) => set({ basicQuestion: v })} />
      </Group>
      <SimpleGrid cols={3}>
        <NumberField label={t('questionnaires.fields.order')} value={q.order} min={0} onChange={(v) => set({ order: num(v) })} />
        <NumberField label={t('questionnaires.fields.averageValue')} value={q.averageValue ?? ''} decimal onChange={(v) => set({ averageValue: numOrNull(v) })} />
        {q.type === 'ValueQuestion' ? (
          <ChoiceField label={t('questionnaires.fields.kpiKey')} value={q.kpiKey ?? ''} onChange={(v) => set({ kpiKey: (v || null) as Question['kpiKey'] })}
            data={[{ value: '', label: '—' }, ...KPI_KEY_LIST.map((k) => ({ value: k, label: `${t(`questionnaires.kpi.${k}`)} (${KPI_KEYS[k]})` }))]} />
        ) : null}
      </SimpleGrid>
      {q.type === 'VirtualQuestion' ? (
        <SimpleGrid cols={2}>
          <ChoiceField label={t('questionnaires.fields.virtualQuestionType')} value={q.virtualQuestionType ?? ''} onChange={(v) => set({ virtualQuestionType: (v || null) as Question['virtualQuestionType'] })}
            data={[{ value: '', label: '—' }, ...VIRTUAL_QUESTION_TYPES.map((v) => ({ value: v, label: t(`questionnaires.virtualTypes.${v}`) }))]} />
          <ChoiceField label={t('questionnaires.fields.parentQuestion')} value={q.parentQuestionId === null ? '' : String(q.parentQuestionId)}
            onChange={(v) => set({ parentQuestionId: v ? Number(v) : null })}
            data={[{ value: '', label: '—' }, ...valueQuestions.map((v) => ({ value: String(v.id), label: v.staticTitle }))]} />
          <NumberField label={t('questionnaires.fields.averageVariator')} value={q.averageVariator ?? ''} decimal onChange={(v) => set({ averageVariator: numOrNull(v) })} />
          <NumberField label={t('questionnaires.fields.virtualMaxScore')} value={q.virtualMaxScore ?? ''} decimal onChange={(v) => set({ virtualMaxScore: numOrNull(v) })} />
        </SimpleGrid>
      ) : null}
      {choice ? (
        <Fieldset legend={t('questionnaires.fields.options')}>
          <Stack gap="xs">
            {q.options.map((o, i) => {
              const remove = `${t('questionnaires.editor.removeOption')} ${i + 1}`;
              // The texts share the row's width and may narrow; score, exclusive and remove keep theirs, so that
              // nothing is cut off at 1024 px.
              return (
                <Group key={o.id ?? i} align="flex-end" wrap="nowrap" gap="xs">
                  {LANGUAGES.map((l) => (
                    <TextField key={l} label={`${t(`questionnaires.fields.optionText_${l}`)} ${i + 1}`} value={o.translations.find((x) => x.language === l)?.text ?? ''}
                      onChange={(v) => edit(setOptionText({ id: o.id, index: i }, l, v))} />
                  ))}
                  <NumberField label={`${t('questionnaires.fields.score')} ${i + 1}`} value={o.score} w={90} decimal onChange={(v) => edit(patchOption({ id: o.id, index: i }, { score: num(v) }))} />
                  {readOnly ? (
                    <ReadOnlyFlag label={t('questionnaires.fields.isExclusive')} checked={o.isExclusive} />
                  ) : (
                    <Checkbox label={t('questionnaires.fields.isExclusive')} checked={o.isExclusive} onChange={(e) => edit(patchOption({ id: o.id, index: i }, { isExclusive: e.currentTarget.checked }))} mb={8} style={{ flexShrink: 0 }} />
                  )}
                  {!readOnly ? (
                    <Tooltip label={remove} withArrow openDelay={300}>
                      <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={remove} onClick={() => edit(removeOption({ id: o.id, index: i }))} style={{ flexShrink: 0 }}>
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              );
            })}
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
