import { useEffect, useState } from 'react';
import { Alert, Group, Loader } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicCardLayout } from '../../components/public-card-layout.tsx';
import { decisionOutcomeOf, readDecisionLink, type DecisionPageOutcome } from './access-decision.ts';
import { decideAccessRequest } from './assets-api.ts';

/**
 * One call per link: React runs effects twice in development, and a second POST of the same link
 * would answer "already answered" for a first click.
 */
const decisions = new Map<string, Promise<DecisionPageOutcome>>();
const decideOnce = (key: string, permissionId: number, token: string, decision: boolean): Promise<DecisionPageOutcome> => {
  let running = decisions.get(key);
  if (!running) {
    running = decideAccessRequest(permissionId, token, decision).then(
      (ok) => decisionOutcomeOf(decision, { ok }),
      (error: unknown) => decisionOutcomeOf(decision, { error }),
    );
    decisions.set(key, running);
  }
  return running;
};

/**
 * /asset-access-permission?permissionId=&decision=&token= (spec 01 §2, §4, §8; spec 02 §4, §5, §8):
 * public, no session, exempt from the 401 rule. The link is checked first; then the owner's decision
 * is sent and its outcome shown, worded for approve or decline.
 */
export function AccessPermissionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.toString();
  const link = readDecisionLink(new URLSearchParams(search));
  const [answer, setAnswer] = useState<{ search: string; outcome: DecisionPageOutcome } | null>(null);

  useEffect(() => {
    if (!link.valid) return;
    let current = true;
    void decideOnce(search, link.permissionId, link.token, link.decision).then((outcome) => {
      if (current) setAnswer({ search, outcome });
    });
    return () => {
      current = false;
    };
    // `link` is derived from `search`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const outcome = !link.valid ? link.outcome : answer?.search === search ? answer.outcome : null;

  return (
    <PublicCardLayout title={t('assets.decision.title')} width={520}>
      {outcome === null ? (
        <Group justify="center" gap="sm">
          <Loader size="sm" aria-label={t('assets.decision.working')} />
        </Group>
      ) : (
        <OutcomeAlert outcome={outcome} />
      )}
    </PublicCardLayout>
  );
}

function OutcomeAlert({ outcome }: { outcome: DecisionPageOutcome }) {
  const { t } = useTranslation();
  switch (outcome.kind) {
    case 'approved':
    case 'declined':
      return (
        <Alert
          color={outcome.kind === 'approved' ? 'green' : 'gray'}
          variant="light"
          role="status"
          title={t(`assets.decision.${outcome.kind}.title`)}
          icon={outcome.kind === 'approved' ? <IconCircleCheck aria-hidden="true" /> : <IconCircleX aria-hidden="true" />}
        >
          {t(`assets.decision.${outcome.kind}.text`, { buyer: outcome.buyerOrganisationName, asset: outcome.assetName })}
        </Alert>
      );
    case 'alreadyAnswered': {
      const way = outcome.decision ? 'approve' : 'decline';
      return (
        <Alert color="yellow" variant="light" role="status" title={t('assets.decision.alreadyAnswered.title')} icon={<IconInfoCircle aria-hidden="true" />}>
          {t(`assets.decision.alreadyAnswered.${way}`)}
        </Alert>
      );
    }
    case 'invalidToken':
    case 'invalidId':
    case 'genericError': {
      const way = outcome.decision ? 'approve' : 'decline';
      const text =
        outcome.kind === 'invalidToken'
          ? t('errors.asset-access-decision-invalid-token')
          : outcome.kind === 'invalidId'
            ? t('errors.asset-access-decision-invalid-id')
            : t(`assets.decision.genericError.${way}`);
      return (
        <Alert color="red" variant="light" role="alert" title={t(`assets.decision.failed.${way}`)} icon={<IconAlertTriangle aria-hidden="true" />}>
          {text}
        </Alert>
      );
    }
    case 'invalidDecision':
      return (
        <Alert color="red" variant="light" role="alert" title={t('assets.decision.invalidLink')} icon={<IconAlertTriangle aria-hidden="true" />}>
          {t('errors.asset-access-decision-invalid-decision')}
        </Alert>
      );
  }
}
