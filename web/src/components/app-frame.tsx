import type { ReactNode } from 'react';
import { Anchor, AppShell, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';
import { FooterLinks } from './footer-links.tsx';
import { GoToTop } from './go-to-top.tsx';

/**
 * The logged-in frame (spec 01 §2 Shell): header with logo, navigation and the controls on the
 * right, the page, the footer links and the go-to-top button.
 */
export function AppFrame({
  navigation,
  headerEnd,
  logoLabel,
  children,
}: {
  navigation: ReactNode;
  headerEnd: ReactNode;
  logoLabel: string;
  children: ReactNode;
}) {
  return (
    <AppShell header={{ height: 64 }} footer={{ height: 48 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to="/" aria-label={logoLabel} c="dark" underline="never" display="flex">
              <Logo />
            </Anchor>
            {navigation}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerEnd}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {/* The shell's padding is the page's margin, no second one inside: lists get the width they need at 1024 px. */}
        <Container size="xl" py="md" px={0}>
          {children}
        </Container>
      </AppShell.Main>
      <AppShell.Footer>
        <FooterLinks />
      </AppShell.Footer>
      <GoToTop />
    </AppShell>
  );
}
