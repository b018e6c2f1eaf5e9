import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * A row action (UI.md "Lists"): an icon button with a tooltip and the same text as its accessible name;
 * `name` replaces the accessible name where the action names its row ("Duplizieren ECORE Fragebogen 2025").
 */
export function RowAction({
  label,
  name,
  icon,
  onClick,
  color,
}: {
  label: string;
  name?: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color ?? 'gray'} aria-label={name ?? label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
