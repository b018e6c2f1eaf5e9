import { useState } from 'react';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mayUpdateToActive } from '@ecore/core/answering/submission.ts';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { useSession } from '../../lib/session.ts';
import { updateGroupToActive } from './answering-api.ts';
import { assetActorOf, groupObjectFactsOf } from './answering-rights.ts';
import { ActionDialog } from './questionnaire-dialogs.tsx';

/**
 * The group row's "update to active questionnaire" (spec 02 §2, §4): for object administrators and prospective
 * buyers (core mayUpdateToActive); the server checks that all active objects share one non-active version and
 * answers questionnaire-update-to-active-invalid otherwise.
 */
export function GroupUpdateToActiveAction({ group, onDone }: { group: { id: number; name: string; organisationId: number }; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [asking, setAsking] = useState(false);
  if (!session || !mayUpdateToActive(assetActorOf(session.actor), groupObjectFactsOf(session.actor, group))) return null;
  return (
    <>
      <RowAction
        label={t('answering.groupUpdate.action')}
        name={t('answering.groupUpdate.actionFor', { name: group.name })}
        icon={<IconArrowUpRight size={18} aria-hidden="true" />}
        onClick={() => setAsking(true)}
      />
      {asking ? (
        <ActionDialog
          title={t('answering.groupUpdate.title')}
          text={t('answering.groupUpdate.text', { name: group.name })}
          confirmLabel={t('answering.groupUpdate.confirm')}
          run={() => updateGroupToActive(group.id)}
          successText={t('answering.groupUpdate.done', { name: group.name })}
          errorKey="questionnaire-update-to-active-error"
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
