import type { Icon } from '@tabler/icons-react';
import { RowAction } from '../../components/data-table/row-action.tsx';

export type StateAction<A extends string> = { action: A; icon: Icon; color?: string };

/** The state changes of an organisation or user row that core allows here, each asking for confirmation. */
export function StateRowActions<A extends string>({
  actions,
  allowed,
  label,
  onAsk,
}: {
  actions: readonly StateAction<A>[];
  allowed: (action: A) => boolean;
  label: (action: A) => string;
  onAsk: (action: A) => void;
}) {
  return (
    <>
      {actions
        .filter(({ action }) => allowed(action))
        .map(({ action, icon: ActionIcon, color }) => (
          <RowAction key={action} label={label(action)} color={color} icon={<ActionIcon size={18} aria-hidden="true" />} onClick={() => onAsk(action)} />
        ))}
    </>
  );
}
