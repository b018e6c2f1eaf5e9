import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The end of a mailed-link flow (success, a broken link, a failed second step): a notice and the way
 * back to sign-in. The link replaces the history entry so that Back does not reopen a used link.
 */
export function NoticeWithLoginLink({ color, children, linkLabel }: { color: string; children: ReactNode; linkLabel: string }) {
  return (
    <Stack gap="md">
      <Alert color={color} variant="light">
        {children}
      </Alert>
      <Button component={Link} to="/login" replace>
        {linkLabel}
      </Button>
    </Stack>
  );
}
