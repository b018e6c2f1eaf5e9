import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './narrow-screen.module.css';

/**
 * Spec 01 §1 and §9: below 1024 px the interface gives way to a message asking for a wider screen.
 * A CSS media query decides, so the right part shows from the first paint and the hidden part
 * leaves the accessibility tree.
 */
export function NarrowScreenGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={classes.wide}>{children}</div>
      <div className={classes.narrow}>
        <Center mih="100vh" p="xl">
          <Stack align="center" gap="sm" maw={420}>
            <IconDeviceDesktop size={48} aria-hidden="true" />
            <Title order={1} size="h3" ta="center">
              {t('shell.narrowScreen.title')}
            </Title>
            <Text ta="center">{t('shell.narrowScreen.text')}</Text>
          </Stack>
        </Center>
      </div>
    </>
  );
}
