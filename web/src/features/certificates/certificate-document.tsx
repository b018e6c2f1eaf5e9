import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Code, Divider, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normaliseCode } from '@ecore/core/certificates/code.ts';
import { certificateDocument } from '@ecore/core/certificates/document.ts';
import { classify, type Classification } from '@ecore/core/scoring/display.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { CertificateStatusBadge, classificationColour } from './certificate-status.tsx';
import type { CertificateData, CertificateSubject } from './certificates-api.ts';

/** One term and its value of the certificate (a description list, so that a reader hears which is which). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

const orDash = (value: string | null | undefined): string => (value && value.trim() !== '' ? value : '–');

/**
 * The current certificate laid out as its document (spec 02 §3 "Certificate", DOMAIN.md §6): the same formatted
 * view as the PDF (core certificateDocument: label, subject and address, owner, the ECORE score with one decimal,
 * the clusters' sub-scores with their classification, taxonomy conformity, evaluation date, validity, evaluator,
 * tester and organisation, the verification code), here with the classifications' colours and the status.
 */
export function CertificateDocument({ data, subject, language }: { data: CertificateData; subject: CertificateSubject; language: Language }) {
  const { t } = useTranslation();
  const doc = certificateDocument(
    {
      ...data,
      // The server may answer the code grouped as printed; core groups the stored form.
      code: normaliseCode(data.code) ?? data.code,
      id: 0,
      subjectKind: subject,
      assetId: null,
      assetGroupId: null,
      assetQuestionnaireId: null,
      supersededBy: null,
      evaluatorName: orDash(data.evaluatorName),
      testerName: orDash(data.testerName),
      testerOrganisation: orDash(data.testerOrganisation),
    },
    language,
    data.verificationUrl,
  );
  const { labels } = doc;
  const total: Classification = data.ecoreScore === null ? 'Neutral' : classify(data.ecoreScore / 100);
  return (
    <Paper withBorder shadow="xs" radius="md" p="xl" maw={920} component="article" aria-label={t('certificates.view.documentLabel', { label: doc.title })}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
              {labels.title}
            </Text>
            <Title order={2} size="h2">
              {doc.title}
            </Title>
            <Text size="xs" c="dimmed">
              {doc.versionNote}
            </Text>
            <Text size="sm">{doc.intro}</Text>
          </Stack>
          <CertificateStatusBadge status={data.status} />
        </Group>

        <Box component="dl" m={0}>
          <SimpleGrid cols={3} spacing="md" verticalSpacing="sm">
            <Fact term={doc.subjectLabel}>
              <Text span fw={600} size="md">
                {doc.subjectName}
              </Text>
            </Fact>
            <Fact term={labels.address!}>{orDash(doc.address)}</Fact>
            <Fact term={labels.owner!}>{orDash(doc.ownerName)}</Fact>
          </SimpleGrid>
        </Box>

        <SimpleGrid cols={2} spacing="xl">
          <Stack gap={4} role="group" aria-label={labels.score}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {labels.score}
            </Text>
            <Text fz={44} fw={700} lh={1} c={classificationColour(total)} data-classification={total}>
              {doc.score}
            </Text>
          </Stack>
          <Stack gap={4} role="group" aria-label={labels.taxonomy}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {labels.taxonomy}
            </Text>
            <Group>
              <Badge size="lg" variant="light" tt="none" color={doc.taxonomyConforms ? 'green' : 'gray'}>
                {doc.taxonomy}
              </Badge>
            </Group>
          </Stack>
        </SimpleGrid>

        {doc.clusters.length > 0 ? (
          <Stack gap="xs">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {labels.clusters}
            </Text>
            <Stack gap="xs" role="list" aria-label={labels.clusters}>
              {doc.clusters.map((cluster, i) => {
                const classification = data.clusters[i]!.classification;
                const name = cluster.name;
                return (
                  <Group key={cluster.clusterIdentifier} gap="sm" wrap="nowrap" role="listitem" data-classification={classification}>
                    <Text size="sm" w={220} fw={500}>
                      {name}
                    </Text>
                    <Progress flex={1} size="lg" value={cluster.width} color={classificationColour(classification)} aria-label={name} />
                    <Text size="sm" w={70} ta="right">
                      {cluster.percent}
                    </Text>
                    <Text size="xs" c="dimmed" w={150}>
                      {cluster.classification}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        ) : null}

        <Divider />

        <Box component="dl" m={0}>
          <SimpleGrid cols={3} spacing="md" verticalSpacing="sm">
            <Fact term={labels['evaluated-at']!}>{doc.evaluatedAt}</Fact>
            <Fact term={labels['valid-until']!}>{doc.validUntil}</Fact>
            <Fact term={labels['issued-at']!}>{doc.issuedAt}</Fact>
            <Fact term={labels.evaluator!}>{doc.evaluatorName}</Fact>
            <Fact term={labels.tester!}>{doc.testerName}</Fact>
            <Fact term={labels['tester-organisation']!}>{doc.testerOrganisation}</Fact>
            <Fact term={labels.questionnaire!}>{orDash(doc.questionnaireName)}</Fact>
          </SimpleGrid>
        </Box>

        <Divider />

        <Box component="dl" m={0}>
          <SimpleGrid cols={2} spacing="md">
            <Fact term={labels.code!}>
              <Code fz="md">{doc.code}</Code>
            </Fact>
            <Fact term={t('certificates.view.link')}>
              <Anchor href={doc.verificationUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                {doc.verificationUrl}
              </Anchor>
            </Fact>
          </SimpleGrid>
        </Box>
        <Text size="xs" c="dimmed">
          {doc.verifyHint}
        </Text>
      </Stack>
    </Paper>
  );
}
