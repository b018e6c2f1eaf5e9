import { Alert, Button, Code, Image, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from './identity-api.ts';

/** A new authenticator app: the QR code to scan and the same secret as text, for typing it in by hand. */
export function TotpSetup({ enrolment }: { enrolment: TotpEnrolment }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Image src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCode)}`} alt={t('identity.totp.qrLabel')} w={180} h={180} />
      <Text size="sm">{t('identity.totp.secretLabel')}</Text>
      <Code data-testid="totp-secret" fz="md">
        {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
      </Code>
    </Stack>
  );
}

/** The ten recovery codes, shown once: the user keeps them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" title={t('identity.totp.recoveryTitle')}>
        {t('identity.totp.recoveryText')}
      </Alert>
      <List aria-label={t('identity.totp.recoveryTitle')} listStyleType="none" spacing={2} data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Button onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        {t('identity.totp.recoveryDone')}
      </Button>
    </Stack>
  );
}
