import type { ReactNode } from 'react';
import { ActionIcon, Text, Tooltip } from '@mantine/core';

/** An icon button named by its tooltip (the same text for the eye and the screen reader). */
export function IconAction({ label, color, onClick, children }: { label: string; color?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A library document's title with its file name below. */
export function EntryTitle({ title, fileName }: { title: string; fileName: string }) {
  return (
    <>
      <Text size="sm" fw={500}>{title}</Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{fileName}</Text>
    </>
  );
}
