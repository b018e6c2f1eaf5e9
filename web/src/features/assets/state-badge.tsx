import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { assetStateKey, groupStateKey, stateColour } from './asset-labels.ts';

/** An object's questionnaire state (null: not started) or a group's state as a badge of its colour. */
export function StateBadge({ state, group = false }: { state: string | null; group?: boolean }) {
  const { t } = useTranslation();
  const key = group && state !== null ? groupStateKey(state) : assetStateKey(state);
  return (
    <Badge variant="light" color={stateColour(state)} tt="none">
      {key ? t(key) : state}
    </Badge>
  );
}
