import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { Logo } from '../../components/logo.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** The frame of the public sign-in pages: logo, language selector and one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="flex-end" p="md">
        <LanguageSelect />
      </Group>
      <Center pb="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={440}>
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
