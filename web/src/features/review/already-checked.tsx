import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { MEANING_COLOURS } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { evidenceChecksKey, fetchEvidenceChecks, type EvidenceCheck } from './review-api.ts';

/**
 * The checks of the questionnaire's library documents in other questionnaires (docs/evidence.md "Already checked"),
 * read once for the whole check screen.
 */
export const useEvidenceChecks = (assetId: number, qid: number): Map<number, EvidenceCheck[]> | undefined =>
  useSWR(evidenceChecksKey(assetId, qid), () => fetchEvidenceChecks(assetId, qid), { revalidateOnFocus: false }).data;

/** "Bereits geprüft" under a document: in which questionnaire, by whom, when, with which label code. */
export function AlreadyChecked({ checks }: { checks: readonly EvidenceCheck[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!checks || checks.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      <Badge color={MEANING_COLOURS.positive} variant="light" size="sm">{t('review.alreadyChecked.badge')}</Badge>
      {checks.map((check, i) => (
        <Text key={i} size="xs">
          {t('review.alreadyChecked.where', { object: check.assetName, year: check.reportingYear ?? '–', decision: t(`review.alreadyChecked.decisions.${check.decision}`) })}
          {check.checkedBy ? ` · ${t('review.alreadyChecked.by', { name: check.checkedBy, at: formatDateTime(check.checkedAt, i18n.language) })}` : ''}
          {check.certificateCode ? ` · ${t('review.alreadyChecked.code', { code: check.certificateCode })}` : ''}
        </Text>
      ))}
    </Stack>
  );
}
