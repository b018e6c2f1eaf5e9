import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** One titled block of a static page; texts may hold line breaks. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {typeof children === 'string' ? <Text style={{ whiteSpace: 'pre-line' }}>{children}</Text> : children}
    </Stack>
  );
}
