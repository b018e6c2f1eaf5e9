import { useEffect, useState } from 'react';
import { Alert, Box, Button, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Verification } from '@ecore/core/certificates/certificate.ts';
import { formatCode, normaliseCode } from '@ecore/core/certificates/code.ts';
import { formatCertificateDate } from '@ecore/core/certificates/document.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { message } from '@ecore/core/shared/messages.ts';
import { LanguageSelect } from '../../components/language-select.tsx';
import { Logo } from '../../components/logo.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { Fact } from './certificate-document.tsx';
import { verificationPath } from './certificate-paths.ts';
import { StatusIcon, statusColour, statusWord } from './certificate-status.tsx';
import { verificationKey, verifyCertificate } from './certificates-api.ts';

/**
 * The whole portal asks for a screen of 1024 px (spec 01 §1); this page is read on the phone that scanned a label's
 * QR code, so while it is open the narrow-screen message steps aside (narrow-screen.module.css, `data-any-width`).
 */
const useAnyWidth = (): void => {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.anyWidth = 'true';
    return () => {
      delete root.dataset.anyWidth;
    };
  }, []);
};

/**
 * /certificate/verify/{code} (docs/certificates.md): public, no session. Resolves a label's verification code to its
 * status (valid, expired, superseded, unknown) in colour and words, with the label, owner, subject, score and
 * validity, and nothing else; a field takes a code typed by hand.
 */
export function CertificateVerifyPage() {
  const { t } = useTranslation();
  const params = useParams();
  const typed = params.code ?? '';
  const code = typed === '' ? null : normaliseCode(typed);
  useAnyWidth();
  useDocumentTitle(t('certificates.verify.title'));
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="flex-end" p="md">
        <LanguageSelect />
      </Group>
      <Container size={600} px="sm" pb="xl">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Center>
              <Logo height={40} />
            </Center>
            <Title order={1} size="h3" ta="center">
              {t('certificates.verify.title')}
            </Title>
            {code !== null ? <VerificationResult key={`result-${code}`} code={code} /> : null}
            <CodeForm key={`form-${typed}`} initial={code !== null ? formatCode(code) : typed} invalid={typed !== '' && code === null} />
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

function CodeForm({ initial, invalid }: { initial: string; invalid: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(invalid);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const code = normaliseCode(value);
        if (code === null) {
          setError(true);
          return;
        }
        setError(false);
        void navigate(verificationPath(code));
      }}
    >
      <Stack gap="sm">
        {initial === '' ? (
          <Text size="sm" c="dimmed">
            {t('certificates.verify.intro')}
          </Text>
        ) : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            flex="1 1 220px"
            label={t('certificates.verify.codeLabel')}
            placeholder={t('certificates.verify.codePlaceholder')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(false);
            }}
            error={error ? t('certificates.verify.codeInvalid') : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />} mb={error ? 22 : 0}>
            {t('certificates.verify.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Unknown codes answer `{ status: 'unknown' }`; a 404 means the same. */
const verifyOrUnknown = async (code: string): Promise<Verification> => {
  try {
    return await verifyCertificate(code);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return { status: 'unknown' };
    throw error;
  }
};

function VerificationResult({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, error, isLoading } = useSWR(verificationKey(code), () => verifyOrUnknown(code), { revalidateOnFocus: false, shouldRetryOnError: false });
  if (error) {
    const text = message(error instanceof ApiError && error.statusCode === 429 ? 'too-many-requests' : 'certificate-verify-error', language);
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
        {text}
      </Alert>
    );
  }
  if (isLoading || !data) {
    return (
      <Center>
        <Loader size="sm" aria-label={t('certificates.verify.checking')} />
      </Center>
    );
  }
  const { status } = data;
  return (
    <Stack gap="md">
      <Alert
        color={statusColour(status)}
        variant="filled"
        role="status"
        data-status={status}
        icon={<StatusIcon status={status} size={24} />}
        title={statusWord(status, language)}
        styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Text size="sm" c="inherit">
          {t(`certificates.statusText.${status}`)}
        </Text>
        <Text size="xs" c="inherit" ff="monospace" mt={4}>
          {t('certificates.verify.codeShown', { code: formatCode(code) })}
        </Text>
      </Alert>
      {data.status !== 'unknown' ? (
        <Box component="dl" m={0}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <Fact term={t('certificates.verify.label')}>{data.labelName}</Fact>
            <Fact term={message('certificate-score', language)}>{data.ecoreScore === null ? '–' : message('certificate-points', language, { score: formatScore(data.ecoreScore, language) })}</Fact>
            <Fact term={t('certificates.verify.subject')}>{data.subjectName}</Fact>
            <Fact term={message('certificate-owner', language)}>{data.ownerName}</Fact>
            <Fact term={t('certificates.verify.validity')}>
              {t('certificates.verify.validityRange', { from: formatCertificateDate(data.evaluatedAt, language), until: formatCertificateDate(data.validUntil, language) })}
            </Fact>
          </SimpleGrid>
        </Box>
      ) : null}
      {data.status !== 'unknown' && data.chainHash ? (
        <Stack gap={2} data-testid="chain-hash">
          <Text size="sm" fw={600}>
            {t('certificates.verify.chainHash')}
          </Text>
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {data.chainHash}
          </Text>
          <Text size="xs" c="dimmed">
            {t('certificates.verify.chainHashHelp')}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
