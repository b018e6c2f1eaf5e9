import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { canAccessArea } from '@ecore/core/identity/route-access.ts';
import { message } from '@ecore/core/shared/messages.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { accessSubject, useSession } from '../../lib/session.ts';
import { CertificateDocument } from './certificate-document.tsx';
import { parseCertificateRoute } from './certificate-paths.ts';
import { certificateDataKey, downloadCertificate, fetchCertificateData, type CertificateSubject } from './certificates-api.ts';

/**
 * /asset-management/download/{assetId}/group/{isGroup} (spec 02 §2 "certificate; needs ObjectAdministrator or
 * Evaluator, or for non-group a finance-partner user", core canAccessArea): the current certificate of the object
 * or group as its document shows it, and the label's PDF for those the server lets download it.
 */
export function CertificatePage() {
  const session = useSession();
  const params = useParams();
  const route = parseCertificateRoute(params.assetId, params.isGroup);
  if (!session) return null;
  if (route === null || !canAccessArea(accessSubject(session), 'certificate', { isGroup: route.subject === 'group' })) return <Navigate to="/" replace />;
  return <CertificateView key={`${route.subject}-${route.id}`} subject={route.subject} id={route.id} />;
}

function CertificateView({ subject, id }: { subject: CertificateSubject; id: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, error, isLoading, mutate } = useSWR(certificateDataKey(subject, id), () => fetchCertificateData(subject, id), { revalidateOnFocus: false });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setPending(true);
    setFailure(null);
    try {
      const name = await downloadCertificate(subject, id);
      notifySuccess(t('certificates.view.downloaded', { name }));
    } catch (problem) {
      const text = downloadErrorText(problem);
      setFailure(text);
      notifyError(text);
    } finally {
      setPending(false);
    }
  };
  // Spec 02 §8: the certificate's failures say to try again later (core's texts); a 503 is the PDF renderer's.
  const downloadErrorText = (problem: unknown): string => {
    const status = problem instanceof ApiError ? problem.statusCode : 0;
    if (status === 404) return t(`certificates.view.noCertificate.${subject}`);
    if (status === 403) return message('forbidden', language);
    return message(status === 503 ? 'certificate-renderer-unavailable' : 'certificate-download-error', language);
  };

  const notFound = error instanceof ApiError && error.statusCode === 404;
  return (
    <>
      <PageHeader
        title={data?.subjectName ? `${t('certificates.view.title')}: ${data.subjectName}` : undefined}
        actions={
          data?.mayDownload ? (
            <Button leftSection={<IconDownload size={16} aria-hidden="true" />} loading={pending} onClick={() => void download()}>
              {t('certificates.view.download')}
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        {failure !== null ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} maw={920}>
            {failure}
          </Alert>
        ) : null}
        {notFound ? (
          <Alert color="gray" variant="light" role="status" icon={<IconInfoCircle size={18} aria-hidden="true" />} maw={920}>
            {t(`certificates.view.noCertificate.${subject}`)}
          </Alert>
        ) : error ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} maw={920}>
            {message('certificate-fetch-error', language)}
            <Button mt="sm" display="block" variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={() => void mutate()}>
              {t('dataTable.retry')}
            </Button>
          </Alert>
        ) : isLoading || !data ? (
          <Group justify="center" p="xl">
            <Loader aria-label={t('common.loading')} />
          </Group>
        ) : (
          <CertificateDocument data={data} subject={subject} language={language} />
        )}
      </Stack>
    </>
  );
}
