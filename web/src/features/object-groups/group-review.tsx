import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR, { mutate } from 'swr';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { evaluateGroup, finishGroupReview, groupChangeKey, groupReviewOutcome, maySubmitGroup, type GroupCode } from '@ecore/core/object-groups/group-rules.ts';
import { isMessageKey } from '@ecore/core/shared/messages.ts';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { ActionDialog, useActionErrorText } from '../answering/questionnaire-dialogs.tsx';
import { GroupAuditLog } from '../review/audit-log.tsx';
import { evaluateGroupCall, fetchGroupObjectStates, fetchGroupReview, finishGroupReviewCall, groupAuditKey, groupReviewKey, submitGroupForReview, type JobGroup } from '../review/review-api.ts';
import { assetActorOf, testerUserIdOf } from '../review/review-facts.ts';

/**
 * The evaluator's buttons of a group row (spec 02 §2 "evaluator group row: … decline, accept"; §4 accept needs
 * ReviewPassed, decline ReviewPassed or ReviewFailed): each shown where core evaluateGroup allows it, confirmed in
 * the "accept or decline group evaluation" dialog.
 */
export function EvaluateGroupActions({ actor, group, onDone }: { actor: Actor; group: Pick<JobGroup, 'id' | 'name' | 'status'>; onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const allowed = (['decline', 'accept'] as const).filter((d) => evaluateGroup(d, group.status, actor)._tag === 'Right');
  if (allowed.length === 0) return null;
  return (
    <>
      {allowed.map((decision) => (
        <RowAction
          key={decision}
          label={t(`review.evaluateGroup.${decision}.action`)}
          name={t(`review.evaluateGroup.${decision}.actionFor`, { name: group.name })}
          color={decision === 'accept' ? 'green' : 'red'}
          icon={decision === 'accept' ? <IconCircleCheck size={18} aria-hidden="true" /> : <IconX size={18} aria-hidden="true" />}
          onClick={() => setAsking(decision)}
        />
      ))}
      {asking ? (
        <ActionDialog
          title={t(`review.evaluateGroup.${asking}.title`)}
          text={t(`review.evaluateGroup.${asking}.text`, { name: group.name })}
          confirmLabel={t(`review.evaluateGroup.${asking}.confirm`)}
          destructive={asking === 'decline'}
          withReason={asking === 'decline'}
          run={(reason) => evaluateGroupCall(group.id, asking === 'accept', reason)}
          successText={t(`review.evaluateGroup.${asking}.done`, { name: group.name })}
          errorKey="evaluate-group-modal-error"
          onDone={() => {
            setAsking(null);
            void mutate(groupAuditKey(group.id));
            onDone();
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}

/**
 * The group's objects with their questionnaire states. Where the group row carries no state (GET assetGroup leaves
 * an object's `state` empty today), the states come from the group's object list; an object not started stays empty.
 */
export const useGroupObjects = (group: Pick<JobGroup, 'id' | 'assets'>, enabled = true): GroupAsset[] => {
  const missing = enabled && group.assets.some((a) => a.state === null);
  const { data } = useSWR(missing ? ['review/groupObjects', group.id] : null, () => fetchGroupObjectStates(group.id), { shouldRetryOnError: false });
  return data ? group.assets.map((a) => (a.state !== null ? a : { ...a, state: data.get(a.assetId) ?? null })) : group.assets;
};

/** The sampled sheets of a group with their states, once its detail (with the sample) is known. */
const sampledSheets = (assets: readonly GroupAsset[], sampledIds: readonly number[]) =>
  assets.filter((a) => sampledIds.includes(a.assetId)).map((a) => ({ state: a.state as AssetQuestionnaireState | null }));

/**
 * The group tester's "submit group for evaluation" (spec 02 §2): once every sampled sheet is decided, the review
 * of the sample is recorded as passed or failed (core groupReviewOutcome, finishGroupReview).
 */
export function FinishGroupReviewAction({ actor, group, onDone }: { actor: Actor; group: JobGroup; onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const facts = { id: group.id, organisationId: group.organisationId, state: group.status, testerUserId: testerUserIdOf(actor, group) };
  // Only the group's tester, while the group is in Review, asks for the sample at all.
  const probe = finishGroupReview(assetActorOf(actor), facts, [], 'ReviewPassed');
  const candidate = group.status === 'Review' && !(probe._tag === 'Left' && probe.left.code === 1);
  const { data: review } = useSWR(candidate ? groupReviewKey(group.id) : null, () => fetchGroupReview(group.id), { shouldRetryOnError: false });
  const assets = useGroupObjects(group, candidate);
  if (!candidate || !review?.sample) return null;
  const sampled = sampledSheets(assets, review.sample.sampledAssetIds);
  const target = groupReviewOutcome(sampled);
  if (target === null || finishGroupReview(assetActorOf(actor), facts, sampled, target)._tag !== 'Right') return null;
  return (
    <>
      <RowAction
        label={t('review.finishGroup.action')}
        name={t('review.finishGroup.actionFor', { name: group.name })}
        color="blue"
        icon={<IconSend size={18} aria-hidden="true" />}
        onClick={() => setAsking(true)}
      />
      {asking ? (
        <ActionDialog
          title={t('review.finishGroup.title')}
          text={t(target === 'ReviewPassed' ? 'review.finishGroup.passed' : 'review.finishGroup.failed', { name: group.name })}
          confirmLabel={t('review.finishGroup.confirm')}
          run={() => finishGroupReviewCall(group.id, target)}
          successText={t('review.finishGroup.done', { name: group.name })}
          errorKey="submit-for-evaluation-group-modal-error"
          onDone={() => {
            setAsking(false);
            void mutate(groupReviewKey(group.id));
            void mutate(groupAuditKey(group.id));
            onDone();
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}

// ---- asset management: the owner's side of a group

/**
 * Spec 02 §2 "start audit for … a group": the completeness box with its text and the reference date 31.12.2021
 * (core's `objectGroups-submit-completeness`, spec 02 §5); the button waits for the box. A refusal shows the text
 * of its code (`objectGroups-change-{code}`), else code 0.
 */
export function SubmitGroupDialog({ group, onDone, onClose }: { group: { id: number; name: string; objectCount: number }; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const [confirmed, setConfirmed] = useState(false);
  const [pending, setPending] = useState(false);
  // What stands in the way besides the box (core groupSubmitProblem, asked by the server with the box ticked).
  const { data: review } = useSWR(groupReviewKey(group.id), () => fetchGroupReview(group.id), { shouldRetryOnError: false });
  const problem = review?.submitProblem ?? null;
  const submit = async () => {
    setPending(true);
    try {
      await submitGroupForReview(group.id);
      // The sample is drawn now, and the log has its first step.
      void mutate(groupReviewKey(group.id));
      void mutate(groupAuditKey(group.id));
      notifySuccess(t('review.submitGroup.done', { name: group.name }));
      setPending(false);
      onDone();
    } catch (failure) {
      notifyError(actionErrorText(failure, 'objectGroups-change-0'));
      setPending(false);
    }
  };
  return (
    <Modal opened onClose={pending ? () => undefined : onClose} title={t('review.submitGroup.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text size="sm">{t('review.submitGroup.text', { name: group.name, count: group.objectCount })}</Text>
        {problem !== null ? (
          <Alert color="orange" variant="light" role="alert">
            {t(isMessageKey(groupChangeKey(problem as GroupCode)) ? `errors.${groupChangeKey(problem as GroupCode)}` : 'errors.objectGroups-change-0')}
          </Alert>
        ) : null}
        <Checkbox label={t('errors.objectGroups-submit-completeness')} checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!confirmed || problem !== null} loading={pending} onClick={() => void submit()} leftSection={<IconSend size={16} aria-hidden="true" />}>
            {t('review.submitGroup.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The group row's "submit for review" (spec 02 §2): object or account administrators (core maySubmitGroup), while the group is Active. */
export function SubmitGroupAction({
  group,
  onDone,
}: {
  group: { id: number; name: string; organisationId: number; status: string; assets: readonly unknown[] };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [asking, setAsking] = useState(false);
  if (!session || group.status !== 'Active' || !maySubmitGroup(assetActorOf(session.actor), group)) return null;
  return (
    <>
      <RowAction
        label={t('review.submitGroup.action')}
        name={t('review.submitGroup.actionFor', { name: group.name })}
        icon={<IconSend size={18} aria-hidden="true" />}
        onClick={() => setAsking(true)}
      />
      {asking ? (
        <SubmitGroupDialog
          group={{ id: group.id, name: group.name, objectCount: group.assets.length }}
          onClose={() => setAsking(false)}
          onDone={() => {
            setAsking(false);
            onDone();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * A group's review as its owner sees it, under its objects: the recorded sample (the seed anyone can redraw it with
 * and the sheets drawn) and the group's audit log.
 */
export function GroupReviewInfo({ group }: { group: { id: number; name: string; assets: readonly GroupAsset[] } }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data: review } = useSWR(groupReviewKey(group.id), () => fetchGroupReview(group.id), { shouldRetryOnError: false });
  const sample = review?.sample ?? null;
  const names = sample ? sample.sampledAssetIds.map((id) => group.assets.find((a) => a.assetId === id)?.name ?? `#${id}`) : [];
  return (
    <Stack gap="sm" mt="sm">
      {sample ? (
        <Stack gap={2} aria-label={t('review.sample.label', { name: group.name })} role="group">
          <Text size="sm" fw={600}>{t('review.sample.title')}</Text>
          <Text size="sm">{t('review.sample.drawn', { date: formatDateTime(sample.submittedAt, language), name: sample.submittedBy, seed: sample.seed })}</Text>
          <Text size="sm">{t('review.sample.sheets', { count: names.length, names: names.join(', ') })}</Text>
        </Stack>
      ) : null}
      <GroupAuditLog groupId={group.id} name={group.name} />
    </Stack>
  );
}
