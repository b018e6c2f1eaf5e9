import { useState, type ReactNode } from 'react';
import { IconArrowUpRight, IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { groupAnnualStartProblem } from '@ecore/core/answering/annual.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { mayUpdateToActive } from '@ecore/core/answering/submission.ts';
import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useSession } from '../../lib/session.ts';
import { startGroupNextYear, updateGroupToActive } from './answering-api.ts';
import { assetActorOf, groupObjectFactsOf } from './answering-rights.ts';
import { ActionDialog } from './questionnaire-dialogs.tsx';

type GroupRow = { id: number; name: string; organisationId: number };

/** What differs between the group row's questionnaire actions: texts (keys under `answering.`), icon, call, refusal. */
interface GroupActionKind {
  texts: { open: string; openFor: string; title: string; text: string; confirm: string; done: string };
  icon: ReactNode;
  run: (groupId: number) => Promise<unknown>;
  errorKey: string;
}

/**
 * A group row's action on the questionnaires of all its objects, for object administrators and prospective buyers
 * (core mayUpdateToActive): an icon button, then a confirmation that runs the call and says how it went.
 */
function GroupQuestionnaireAction({ group, kind, onDone }: { group: GroupRow; kind: GroupActionKind; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [asking, setAsking] = useState(false);
  if (!session || !mayUpdateToActive(assetActorOf(session.actor), groupObjectFactsOf(session.actor, group))) return null;
  const { texts } = kind;
  return (
    <>
      <RowAction label={t(texts.open)} name={t(texts.openFor, { name: group.name })} icon={kind.icon} onClick={() => setAsking(true)} />
      {asking ? (
        <ActionDialog
          title={t(texts.title)}
          text={t(texts.text, { name: group.name })}
          confirmLabel={t(texts.confirm)}
          run={() => kind.run(group.id)}
          successText={t(texts.done, { name: group.name })}
          errorKey={kind.errorKey}
          onDone={() => {
            setAsking(false);
            onDone();
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}

const UPDATE_TO_ACTIVE: GroupActionKind = {
  texts: {
    open: 'answering.groupUpdate.action',
    openFor: 'answering.groupUpdate.actionFor',
    title: 'answering.groupUpdate.title',
    text: 'answering.groupUpdate.text',
    confirm: 'answering.groupUpdate.confirm',
    done: 'answering.groupUpdate.done',
  },
  icon: <IconArrowUpRight size={18} aria-hidden="true" />,
  run: updateGroupToActive,
  errorKey: 'questionnaire-update-to-active-error',
};

const NEXT_YEAR: GroupActionKind = {
  texts: {
    open: 'answering.annual.open',
    openFor: 'answering.annual.groupActionFor',
    title: 'answering.annual.title',
    text: 'answering.annual.groupText',
    confirm: 'answering.annual.confirm',
    done: 'answering.annual.groupDone',
  },
  icon: <IconCalendarPlus size={18} aria-hidden="true" />,
  run: startGroupNextYear,
  errorKey: 'questionnaire-annual-invalid',
};

/**
 * "Update to active questionnaire" (spec 02 §2, §4): the server checks that all active objects share one
 * non-active version and answers questionnaire-update-to-active-invalid otherwise.
 */
export function GroupUpdateToActiveAction({ group, onDone }: { group: GroupRow; onDone: () => void }) {
  return <GroupQuestionnaireAction group={group} kind={UPDATE_TO_ACTIVE} onDone={onDone} />;
}

/**
 * "Start next year" (issue 22): offered once every object of the group is Closed or Expired (core
 * groupAnnualStartProblem); the server decides again and answers questionnaire-annual-invalid otherwise.
 */
export function GroupAnnualAction({ group, onDone }: { group: GroupRow & { assets: readonly GroupAsset[] }; onDone: () => void }) {
  if (groupAnnualStartProblem(group.assets.map((a) => a.state as AssetQuestionnaireState | null))._tag === 'Left') return null;
  return <GroupQuestionnaireAction group={group} kind={NEXT_YEAR} onDone={onDone} />;
}
