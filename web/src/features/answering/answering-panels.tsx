import { useEffect } from 'react';
import { Alert, Anchor, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { nameIn, type Cluster } from '@ecore/core/questionnaires/template.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { useAnswering } from './answering-context.ts';
import { dataPath, nodePath } from './answering-paths.ts';
import { QuestionCard, questionElementId } from './question-card.tsx';
import { findCategory, findSection } from './structure.ts';

/** Answered of total as a bar with its figures, for a node of the tree. */
export function NodeProgressBar({ node, label }: { node: string; label: string }) {
  const { t } = useTranslation();
  const { nodeProgress } = useAnswering();
  const p = nodeProgress(node) ?? { answered: 0, total: 0 };
  const percent = p.total === 0 ? 0 : Math.round((p.answered / p.total) * 100);
  return (
    <Stack gap={4} maw={420}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>{t('answering.progress.answeredOf', { answered: p.answered, total: p.total })}</Text>
      </Group>
      <Progress value={percent} color={percent === 100 ? 'green' : 'blue'} aria-label={t('answering.progress.barLabel', { label, percent })} />
    </Stack>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const { route } = useAnswering();
  return (
    <Alert color="yellow" role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('answering.tree.notFound')}</Text>
        <Anchor component={Link} to={dataPath(route)} size="sm">{t('answering.tree.backToData')}</Anchor>
      </Stack>
    </Alert>
  );
}

const percentText = (value: number, language: 'de' | 'en') => `${formatLocaleNumber(value, language, 1)} %`;

/** Metadata overview (spec 02 §2): the template's title, version, type and its clusters with weights and progress. */
export function MetadataOverviewPanel() {
  const { t } = useTranslation();
  const { filled, language } = useAnswering();
  return (
    <Stack>
      <Title order={2} size="h3">{t('answering.metadata.overviewTitle')}</Title>
      <Table withTableBorder maw={640}>
        <Table.Tbody>
          <Table.Tr><Table.Th w={220}>{t('answering.fields.title')}</Table.Th><Table.Td>{filled.title}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('answering.fields.version')}</Table.Th><Table.Td>{filled.version}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('answering.fields.type')}</Table.Th><Table.Td>{t(`questionnaires.types.${filled.type}`, { defaultValue: filled.type })}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
      <Table withTableBorder aria-label={t('answering.metadata.clustersLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('answering.metadata.cluster')}</Table.Th>
            <Table.Th>{t('answering.metadata.weight')}</Table.Th>
            <Table.Th>{t('answering.metadata.financeWeight')}</Table.Th>
            <Table.Th>{t('answering.metadata.progress')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filled.clusters.map((cluster, ci) => (
            <Table.Tr key={ci}>
              <Table.Td>{clusterName(ci, language)}</Table.Td>
              <Table.Td>{percentText(cluster.weight, language)}</Table.Td>
              <Table.Td>{percentText(cluster.financeWeight, language)}</Table.Td>
              <Table.Td><ProgressFigures node={`cluster:${ci + 1}`} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ProgressFigures({ node }: { node: string }) {
  const { t } = useTranslation();
  const { nodeProgress } = useAnswering();
  const p = nodeProgress(node) ?? { answered: 0, total: 0 };
  return <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{t('answering.progress.answeredOf', { answered: p.answered, total: p.total })}</Text>;
}

/** Metadata details: every cluster, category and section with its weights and progress. */
export function MetadataDetailsPanel() {
  const { t } = useTranslation();
  const { filled, language, route } = useAnswering();
  return (
    <Stack>
      <Title order={2} size="h3">{t('answering.metadata.detailsTitle')}</Title>
      <Table withTableBorder aria-label={t('answering.metadata.detailsLabel')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('answering.metadata.item')}</Table.Th>
            <Table.Th>{t('answering.metadata.weight')}</Table.Th>
            <Table.Th>{t('answering.metadata.financeWeight')}</Table.Th>
            <Table.Th>{t('answering.metadata.progress')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filled.clusters.flatMap((cluster, ci) => [
            <Table.Tr key={`cl${ci}`} bg="var(--mantine-color-gray-0)">
              <Table.Td fw={600}>
                <Anchor component={Link} to={nodePath(route, { clusterNum: ci + 1 })} size="sm" fw={600}>{clusterName(ci, language)}</Anchor>
              </Table.Td>
              <Table.Td>{percentText(cluster.weight, language)}</Table.Td>
              <Table.Td>{percentText(cluster.financeWeight, language)}</Table.Td>
              <Table.Td><ProgressFigures node={`cluster:${ci + 1}`} /></Table.Td>
            </Table.Tr>,
            ...cluster.categories.flatMap((category) => [
              <Table.Tr key={`c${category.id}`}>
                <Table.Td pl="lg">
                  <Anchor component={Link} to={nodePath(route, { clusterNum: ci + 1, categoryId: category.id ?? 0 })} size="sm">
                    {nameIn(category.translations, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>–</Table.Td>
                <Table.Td>–</Table.Td>
                <Table.Td><ProgressFigures node={`category:${category.id}`} /></Table.Td>
              </Table.Tr>,
              ...category.sections.map((section) => (
                <Table.Tr key={`s${section.id}`}>
                  <Table.Td pl={48}>
                    <Anchor component={Link} to={nodePath(route, { clusterNum: ci + 1, categoryId: category.id ?? 0, sectionId: section.id ?? 0 })} size="sm">
                      {nameIn(section.translations, language)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatLocaleNumber(section.weight, language, 2)}</Table.Td>
                  <Table.Td>{formatLocaleNumber(section.financeWeight, language, 2)}</Table.Td>
                  <Table.Td><ProgressFigures node={`section:${section.id}`} /></Table.Td>
                </Table.Tr>
              )),
            ]),
          ])}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const useCluster = (): { cluster: Cluster | undefined; num: number } => {
  const { filled } = useAnswering();
  const num = Number(useParams().clusterNum);
  return { cluster: Number.isInteger(num) && num >= 1 ? filled.clusters[num - 1] : undefined, num };
};

/** A child of a node listed with its progress, as a link. */
function ChildRow({ to, name, node }: { to: string; name: string; node: string }) {
  const { t } = useTranslation();
  const { nodeProgress } = useAnswering();
  const p = nodeProgress(node) ?? { answered: 0, total: 0 };
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={to} size="sm" fw={500}>{name}</Anchor>
        <Text size="sm" c={p.total > 0 && p.answered >= p.total ? 'green.8' : 'dimmed'}>{t('answering.progress.answeredOf', { answered: p.answered, total: p.total })}</Text>
      </Group>
    </Paper>
  );
}

export function ClusterPanel() {
  const { t } = useTranslation();
  const { language, route } = useAnswering();
  const { cluster, num } = useCluster();
  if (!cluster) return <NotFound />;
  return (
    <Stack>
      <Title order={2} size="h3">{clusterName(num - 1, language)}</Title>
      <NodeProgressBar node={`cluster:${num}`} label={t('answering.progress.cluster')} />
      {cluster.categories.length === 0 ? <Text size="sm" c="dimmed">{t('answering.tree.emptyCluster')}</Text> : null}
      {cluster.categories.map((category) => (
        <ChildRow key={category.id} to={nodePath(route, { clusterNum: num, categoryId: category.id ?? 0 })} name={nameIn(category.translations, language)} node={`category:${category.id}`} />
      ))}
    </Stack>
  );
}

export function CategoryPanel() {
  const { t } = useTranslation();
  const { language, route } = useAnswering();
  const { cluster, num } = useCluster();
  const category = findCategory(cluster, Number(useParams().categoryId));
  if (!category) return <NotFound />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">{clusterName(num - 1, language)}</Text>
      <Title order={2} size="h3">{nameIn(category.translations, language)}</Title>
      <NodeProgressBar node={`category:${category.id}`} label={t('answering.progress.category')} />
      {category.sections.map((section) => (
        <ChildRow
          key={section.id}
          to={nodePath(route, { clusterNum: num, categoryId: category.id ?? 0, sectionId: section.id ?? 0 })}
          name={nameIn(section.translations, language)}
          node={`section:${section.id}`}
        />
      ))}
    </Stack>
  );
}

/**
 * A section with all its questions, answerable one after the other by keyboard alone (Tab to the next
 * question, arrows and space within one). The question route shows the same section with that question
 * in view and focused.
 */
export function SectionPanel() {
  const { t } = useTranslation();
  const { language, route } = useAnswering();
  const params = useParams();
  const { cluster, num } = useCluster();
  const category = findCategory(cluster, Number(params.categoryId));
  const section = findSection(category, Number(params.sectionId));
  const questionId = params.questionId === undefined ? null : Number(params.questionId);
  const known = questionId === null || (section?.questions.some((q) => q.id === questionId) ?? false);

  useEffect(() => {
    if (questionId === null) return;
    const card = document.getElementById(questionElementId(questionId));
    if (!card) return;
    card.scrollIntoView?.({ block: 'center' });
    // The answer field takes the focus, unless the user is already in this question.
    if (card.contains(document.activeElement)) return;
    // The answer's own field: not the figure's provenance beside it.
    const first = (selector: string) => [...card.querySelectorAll<HTMLElement>(selector)].find((element) => !element.closest('[data-provenance]'));
    const field = first('input[type="radio"]:checked:not(:disabled)') ?? first('input:not(:disabled):not([type="hidden"]):not([readonly])') ?? card.querySelector<HTMLElement>('button');
    field?.focus();
  }, [questionId, section]);

  if (!category || !section || !known) return <NotFound />;
  if (cluster === undefined) return <Navigate to={dataPath(route)} replace />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {clusterName(num - 1, language)} › {nameIn(category.translations, language)}
      </Text>
      <Title order={2} size="h3">{nameIn(section.translations, language)}</Title>
      <NodeProgressBar node={`section:${section.id}`} label={t('answering.progress.section')} />
      {section.questions.map((question) => (
        <QuestionCard key={question.id} question={question} active={question.id === questionId} />
      ))}
    </Stack>
  );
}
