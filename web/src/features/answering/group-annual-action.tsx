import { useState } from 'react';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { groupAnnualStartProblem } from '@ecore/core/answering/annual.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { mayUpdateToActive } from '@ecore/core/answering/submission.ts';
import type { GroupAsset } from '@ecore/core/assets/group.ts';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useSession } from '../../lib/session.ts';
import { startGroupNextYear } from './answering-api.ts';
import { assetActorOf, groupObjectFactsOf } from './answering-rights.ts';
import { ActionDialog } from './questionnaire-dialogs.tsx';

/**
 * The group row's "start next year" (issue 22): offered to object administrators and prospective buyers (core
 * mayUpdateToActive) once every object of the group is Closed or Expired (core groupAnnualStartProblem); the server
 * decides again and answers questionnaire-annual-invalid otherwise.
 */
export function GroupAnnualAction({ group, onDone }: { group: { id: number; name: string; organisationId: number; assets: readonly GroupAsset[] }; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [asking, setAsking] = useState(false);
  if (!session || !mayUpdateToActive(assetActorOf(session.actor), groupObjectFactsOf(session.actor, group))) return null;
  if (groupAnnualStartProblem(group.assets.map((a) => a.state as AssetQuestionnaireState | null))._tag === 'Left') return null;
  return (
    <>
      <RowAction
        label={t('answering.annual.open')}
        name={t('answering.annual.groupActionFor', { name: group.name })}
        icon={<IconCalendarPlus size={18} aria-hidden="true" />}
        onClick={() => setAsking(true)}
      />
      {asking ? (
        <ActionDialog
          title={t('answering.annual.title')}
          text={t('answering.annual.groupText', { name: group.name })}
          confirmLabel={t('answering.annual.confirm')}
          run={() => startGroupNextYear(group.id)}
          successText={t('answering.annual.groupDone', { name: group.name })}
          errorKey="questionnaire-annual-invalid"
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
