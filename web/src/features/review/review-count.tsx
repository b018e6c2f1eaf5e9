import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewCounts } from '@ecore/core/review/answer-review.ts';

/**
 * "12 / 16 geprüft" (UI.md: the count stays in view on the check screen): the reviewed answers against
 * `numberOfReviewedAnswers`, or against every eligible answer where there are fewer (core reviewCounts).
 */
export function ReviewCount({ counts, numberOfReviewedAnswers }: { counts: ReviewCounts; numberOfReviewedAnswers: number }) {
  const { t } = useTranslation();
  const complete = counts.required > 0 && counts.reviewed === counts.required;
  const percent = counts.required === 0 ? 0 : Math.round((counts.reviewed / counts.required) * 100);
  return (
    <Stack gap={2} miw={180} role="status" aria-label={t('review.count.label')}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={700} c={complete ? 'green.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {t('review.count.reviewedOf', { reviewed: counts.reviewed, required: counts.required })}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('review.count.breakdown', { accepted: counts.accepted, rejected: counts.rejected, evidence: counts.evidenceRequested })}
        </Text>
      </Group>
      <Progress value={percent} color={complete ? 'green' : 'blue'} size="sm" aria-hidden="true" />
      {counts.required < numberOfReviewedAnswers ? (
        <Text size="xs" c="dimmed">{t('review.count.fewer', { eligible: counts.eligible, number: numberOfReviewedAnswers })}</Text>
      ) : null}
    </Stack>
  );
}
