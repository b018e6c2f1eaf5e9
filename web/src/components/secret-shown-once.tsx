import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A secret the server answers only once (an access token, a webhook's signing secret): the warning that it is shown
 * this one time, the secret in a read-only field that selects itself, a copy button and the button that closes.
 */
export function SecretShownOnce({
  value,
  texts,
  onDone,
}: {
  value: string;
  texts: { once: string; label: string; copy: string; copied: string; done: string };
  onDone: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        {texts.once}
      </Alert>
      <TextInput label={texts.label} value={value} readOnly ff="monospace" onFocus={(e) => e.currentTarget.select()} />
      <Group justify="space-between">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              onClick={copy}
            >
              {copied ? texts.copied : texts.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{texts.done}</Button>
      </Group>
    </Stack>
  );
}
