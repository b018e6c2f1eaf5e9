import { Alert, Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { questionTitleIn } from '@ecore/core/questionnaires/template.ts';
import { wasRejected } from '@ecore/core/review/transitions.ts';
import { useAnswering } from '../answering/answering-context.ts';
import { nodePath } from '../answering/answering-paths.ts';
import { findQuestionPlace, placeOfQuestion } from '../answering/structure.ts';


/**
 * What review left for the owner on the questionnaire's data page (spec 02 §4): after a decline, the rejected
 * answers, each to be changed before resubmitting; in Verification, the answers whose documents were asked for,
 * with their uploads; once Closed, that the questionnaire was accepted. Each answer links to its question.
 */
export function OwnerReviewNotes() {
  const { t } = useTranslation();
  const { filled, route, language } = useAnswering();
  const state = filled.assetQuestionnaireState;
  if (state === 'Closed') {
    return (
      <Alert color="green" variant="light" title={t('review.owner.closedTitle')}>
        {t('review.owner.closedText')}
      </Alert>
    );
  }
  const declined = state === 'Declined' || state === 'DefinitelyDeclined';
  if (!declined && state !== 'Verification') return null;
  const answers = filled.answers.filter((a) => (declined ? wasRejected(a) : a.state === 'Verification'));

  const items = answers.flatMap((a) => {
    const place = findQuestionPlace(filled.clusters, a.questionId);
    return place ? [{ answer: a, place }] : [];
  });

  return (
    <Alert
      color={declined ? 'red' : 'yellow'}
      variant="light"
      title={t(declined ? 'review.owner.declinedTitle' : 'review.owner.verificationTitle', { count: items.length })}
    >
      <Stack gap="xs">
        <Text size="sm">{t(state === 'DefinitelyDeclined' ? 'review.owner.definitelyDeclinedText' : declined ? 'review.owner.declinedText' : 'review.owner.verificationText')}</Text>
        {items.length > 0 ? (
          <List size="sm" spacing={4} aria-label={t(declined ? 'review.owner.declinedList' : 'review.owner.verificationList')}>
            {items.map(({ answer, place }) => {
              const done = declined ? answer.state === 'Answered' : answer.documents.length > 0;
              return (
                <List.Item key={answer.questionId}>
                  <Group gap="xs" wrap="nowrap" align="baseline">
                    <Anchor component={Link} to={nodePath(route, placeOfQuestion(place))} size="sm">
                      {`${place.question.staticTitle} ${questionTitleIn(place.question, language)}`}
                    </Anchor>
                    <Badge size="sm" variant="light" color={done ? 'green' : declined ? 'red' : 'yellow'} tt="none" style={{ flexShrink: 0 }}>
                      {declined
                        ? t(done ? 'review.owner.changed' : 'review.owner.toChange')
                        : done
                          ? t('review.owner.uploaded', { count: answer.documents.length })
                          : t('review.owner.missing')}
                    </Badge>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
