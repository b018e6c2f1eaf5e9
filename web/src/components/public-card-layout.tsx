import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { LanguageSelect } from './language-select.tsx';
import { Logo } from './logo.tsx';

/**
 * The frame of the pages a visitor reaches without a session (sign-in, mailed links): no shell, only
 * the language selector and one card with the logo and the page's heading.
 */
export function PublicCardLayout({ title, width, children }: { title: string; width: number; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="flex-end" p="md">
        <LanguageSelect />
      </Group>
      <Center pb="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={width}>
          <Stack gap="lg">
            <Center>
              <Logo height={40} />
            </Center>
            <Title order={1} size="h3" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
