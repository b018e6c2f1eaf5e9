import { useEffect, useState } from 'react';
import { Alert, Box, Button, Center, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/i18n.ts';
import { fetchFile, isApiPath, saveFile } from './answering-api.ts';

type Loaded = { kind: 'loading' } | { kind: 'shown'; url: string; blob: Blob; fileName: string | null } | { kind: 'failed'; error: unknown };

/**
 * A file of this portal's API as a blob URL, fetched with the bearer token (an <iframe> or <img> cannot send
 * it); the URL is given back when the page goes.
 */
const useBlobUrl = (apiPath: string | null): Loaded => {
  const [loaded, setLoaded] = useState<{ path: string; state: Loaded } | null>(null);
  useEffect(() => {
    if (apiPath === null) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchFile(apiPath, controller.signal).then(
      ({ blob, fileName }) => {
        url = URL.createObjectURL(blob);
        setLoaded({ path: apiPath, state: { kind: 'shown', url, blob, fileName } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ path: apiPath, state: { kind: 'failed', error } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [apiPath]);
  return loaded && loaded.path === apiPath ? loaded.state : { kind: 'loading' };
};

/**
 * /file-preview/{extension}/{url} (spec 02 §2, behind login): an evidence document in the portal, a PDF in the
 * browser's viewer and a JPG as an image. `url` is the API path of the document (encodeURIComponent).
 */
export function FilePreviewPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const params = useParams();
  const extension = (params.extension ?? '').toLowerCase();
  const path = params.url ?? '';
  const valid = isApiPath(path) && (extension === 'pdf' || extension === 'jpg' || extension === 'jpeg');
  const loaded = useBlobUrl(valid ? path : null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('answering.preview.title')}</Title>
        {loaded.kind === 'shown' ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => saveFile(loaded.blob, loaded.fileName ?? `document.${extension === 'pdf' ? 'pdf' : 'jpg'}`)}
          >
            {t('answering.preview.download')}
          </Button>
        ) : null}
      </Group>
      {!valid ? (
        <Alert color="orange" role="alert">{t('answering.preview.invalid')}</Alert>
      ) : loaded.kind === 'failed' ? (
        <Alert color="red" role="alert">{errorText(loaded.error)}</Alert>
      ) : loaded.kind === 'loading' ? (
        <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>
      ) : extension === 'pdf' ? (
        <Box component="object" data={loaded.url} type="application/pdf" aria-label={loaded.fileName ?? t('answering.preview.title')} w="100%" h="calc(100vh - 220px)" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" p="md">{t('answering.preview.noViewer')}</Text>
        </Box>
      ) : (
        <Image src={loaded.url} alt={loaded.fileName ?? t('answering.preview.title')} fit="contain" mah="calc(100vh - 220px)" />
      )}
    </Stack>
  );
}

/** Where a reference image may come from: this portal (its API with the token, or its own files) or an http(s) address. */
const imageSource = (src: string): { kind: 'api' | 'direct'; src: string } | null => {
  if (isApiPath(src)) return { kind: 'api', src };
  if (/^\/(?!\/)[\w\-/.%]*$/.test(src) && !src.includes('..')) return { kind: 'direct', src };
  if (/^https?:\/\/[^\s]+$/i.test(src)) return { kind: 'direct', src };
  return null;
};

/** /reference-image?src= (spec 01 §2, behind login): the reference image of a question, full size. */
export function ReferenceImagePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const source = imageSource(search.get('src') ?? '');
  const loaded = useBlobUrl(source?.kind === 'api' ? source.src : null);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('answering.referenceImage.title')}</Title>
      {!source ? (
        <Alert color="orange" role="alert">{t('answering.referenceImage.invalid')}</Alert>
      ) : source.kind === 'direct' ? (
        <Image src={source.src} alt={t('answering.referenceImage.title')} fit="contain" mah="calc(100vh - 200px)" />
      ) : loaded.kind === 'failed' ? (
        <Alert color="red" role="alert">{errorText(loaded.error)}</Alert>
      ) : loaded.kind === 'loading' ? (
        <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>
      ) : (
        <Image src={loaded.url} alt={t('answering.referenceImage.title')} fit="contain" mah="calc(100vh - 200px)" />
      )}
    </Stack>
  );
}
