import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WORKLIST_KINDS } from '@ecore/core/worklist/worklist.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useWorklist } from './worklist-api.ts';

/** The kinds that came back to the caller read in red, jobs and decisions in teal, deadlines in orange (UI.md colours). */
const KIND_COLOURS: Record<(typeof WORKLIST_KINDS)[number], string> = {
  questionnaireDeclined: 'red.9',
  documentsRequested: 'red.9',
  webhookPaused: 'red.9',
  importsFailed: 'red.9',
  reviewJob: 'teal.9',
  groupDecision: 'teal.9',
  accessRequests: 'teal.9',
  labelExpiring: 'orange.9',
  epcExpiring: 'orange.9',
  evidenceExpiring: 'orange.9',
  plausibilityFlags: 'orange.9',
  answersToFinish: 'gray.8',
};

/**
 * The home page's first section (docs/worklist.md): what waits for the signed-in user, ranked by core, each item with
 * its kind, why it is there, since when, the reason given with it, and a link to the screen that resolves it.
 */
export function WorklistSection() {
  const { t } = useTranslation();
  const { data, error, mutate, isLoading } = useWorklist();
  const language = currentLanguage();
  const counts = data ? WORKLIST_KINDS.filter((k) => data.counts[k] > 0) : [];
  return (
    <section aria-labelledby="worklist-title">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h3" id="worklist-title">
          {t('home.worklist.title')}
        </Title>
        {counts.length > 0 && (
          <Text size="sm" c="dimmed" aria-label={t('home.worklist.countsLabel')}>
            {counts.map((k) => t('home.worklist.count', { count: data!.counts[k], kind: t(`home.worklist.kinds.${k}`) })).join(' · ')}
          </Text>
        )}
      </Group>
      {isLoading && <Skeleton height={64} />}
      {error && (
        <Group>
          <Text c="red.9">{t('home.worklist.loadError')}</Text>
          <Button variant="default" size="xs" onClick={() => void mutate()}>
            {t('home.worklist.retry')}
          </Button>
        </Group>
      )}
      {data && data.items.length === 0 && <Text c="dimmed">{t('home.worklist.empty')}</Text>}
      {data && data.items.length > 0 && (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((item) => (
            <Paper key={`${item.kind}-${item.subjectType}-${item.subjectId}`} component="li" withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="xs" fw={700} tt="uppercase" c={KIND_COLOURS[item.kind]}>
                    {t(`home.worklist.kinds.${item.kind}`)}
                  </Text>
                  {item.link.startsWith('/api/') ? (
                    <Anchor href={item.link} fw={600}>
                      {item.subjectName}
                    </Anchor>
                  ) : (
                    <Anchor component={Link} to={item.link} fw={600}>
                      {item.subjectName}
                    </Anchor>
                  )}
                  <Text size="sm">{item.why}</Text>
                  {/* An expiring document's title and the buyer asking for access are already in the why; a note is otherwise the reason given. */}
                  {item.note && item.kind !== 'evidenceExpiring' && item.kind !== 'accessRequests' && (
                    <Text size="sm" fs="italic">
                      {t('home.worklist.note', { note: item.note })}
                    </Text>
                  )}
                </div>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('home.worklist.since', { date: formatDateTime(item.since, language) })}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {data && data.items.length < data.total && <Text size="sm" c="dimmed" mt="xs">{t('home.worklist.more', { shown: data.items.length, total: data.total })}</Text>}
    </section>
  );
}
