import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/** A row action (UI.md "Lists"): an icon button with a tooltip and the same text as its accessible name. */
export function RowAction({
  label,
  icon,
  onClick,
  color,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color ?? 'gray'} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
