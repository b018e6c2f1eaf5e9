import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useActionErrorText } from '../answering/questionnaire-dialogs.tsx';
import { assignGroupTester, assignObjectTester, fetchTesters, TESTERS_KEY, type Tester } from './review-api.ts';

export interface TesterTarget {
  kind: 'object' | 'group';
  id: number;
  name: string;
}

/** A tester as the dropdown shows them (spec 02 §2): first name, last name, organisation. */
export const testerLabel = (tester: Tester): string => `${tester.firstName} ${tester.lastName} (${tester.organisationName})`;

/**
 * Spec 02 §2 "assign tester to an object or group": a dropdown of the testers of GET user/testers; the button
 * waits until one is chosen (spec 02 §5) and while the call runs. On failure the dialog stays open.
 */
export function AssignTesterDialog({ target, onDone, onClose }: { target: TesterTarget; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const { data: testers, error, mutate } = useSWR(TESTERS_KEY, fetchTesters, { revalidateOnFocus: false });
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const tester = testers?.find((x) => String(x.id) === chosen) ?? null;

  const assign = async () => {
    if (!tester) return;
    setPending(true);
    try {
      await (target.kind === 'object' ? assignObjectTester(target.id, tester.id) : assignGroupTester(target.id, tester.id));
      notifySuccess(t('review.assignTester.done', { tester: `${tester.firstName} ${tester.lastName}`, name: target.name }));
      setPending(false);
      onDone();
    } catch (failure) {
      notifyError(actionErrorText(failure, 'tasks-assignTester-error'));
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={pending ? () => undefined : onClose} title={t('review.assignTester.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text size="sm">{t(target.kind === 'object' ? 'review.assignTester.textObject' : 'review.assignTester.textGroup', { name: target.name })}</Text>
        {error && !testers ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('errors.tasks-tester-fetch-error')}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void mutate()}>{t('review.assignTester.retry')}</Button>
            </Group>
          </Alert>
        ) : (
          <Select
            label={t('review.assignTester.label')}
            placeholder={t('review.assignTester.placeholder')}
            data={(testers ?? []).map((x) => ({ value: String(x.id), label: testerLabel(x) }))}
            value={chosen}
            onChange={setChosen}
            searchable
            nothingFoundMessage={t('review.assignTester.nothingFound')}
            disabled={!testers}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={300}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!tester} loading={pending} onClick={() => void assign()}>
            {t('review.assignTester.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
