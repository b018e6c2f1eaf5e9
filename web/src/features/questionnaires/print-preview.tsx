import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { itemKey } from '@ecore/core/questionnaires/editing.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { nameIn, optionTextIn, questionTitleIn, type TemplateContent } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';

/** Print preview of the whole template (spec 02 §2), as it stands in the editing session. */
export function PrintPreview({ opened, onClose, content, deleted, language }: { opened: boolean; onClose: () => void; content: TemplateContent; deleted: ReadonlySet<string>; language: Language }) {
  const { t } = useTranslation();
  const kept = (kind: 'category' | 'section' | 'question', id: number | null) => id === null || !deleted.has(itemKey({ kind, id }));
  return (
    <Modal opened={opened} onClose={onClose} fullScreen title={t('questionnaires.editor.print')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Group justify="flex-end" mb="md"><Button onClick={() => window.print()}>{t('questionnaires.editor.printNow')}</Button></Group>
      <Stack gap="xs">
        <Title order={2}>{content.title} ({content.version})</Title>
        {content.clusters.map((cluster, ci) => (
          <Stack key={ci} gap={4}>
            <Title order={3}>{clusterName(ci, language)} · {cluster.weight} %</Title>
            {cluster.categories.filter((c) => kept('category', c.id)).map((cat) => (
              <Stack key={cat.id} gap={4} pl="md">
                <Title order={4}>{nameIn(cat.translations, language)}</Title>
                {cat.sections.filter((s) => kept('section', s.id)).map((sec) => (
                  <Stack key={sec.id} gap={2} pl="md">
                    <Text fw={600}>{nameIn(sec.translations, language)} ({t('questionnaires.fields.weight')} {sec.weight})</Text>
                    {sec.questions.filter((q) => kept('question', q.id)).map((q) => (
                      <Stack key={q.id} gap={0} pl="md">
                        <Text size="sm"><b>{q.staticTitle}</b> {questionTitleIn(q, language)} <Text span c="dimmed" size="xs">[{t(`questionnaires.questionTypes.${q.type}`)}, {q.ambitionLevel}]</Text></Text>
                        {q.options.map((o) => <Text key={o.id} size="xs" pl="md">○ {optionTextIn(o, language)} ({o.score})</Text>)}
                      </Stack>
                    ))}
                  </Stack>
                ))}
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
