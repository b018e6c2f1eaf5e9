import { Component, Suspense, isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loadFeatureTexts } from '../lib/i18n.ts';
import type { FeatureCatalogue } from '../lib/i18n-resources.ts';
import { AreaLoadError, loadWithin } from '../lib/load-within.ts';
import { PageHeader } from './page-header.tsx';

function AreaLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Spec 01 §8 "lazy area fails to load": the page's heading, the load error and a retry button. */
function AreaLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Alert color="red" variant="light" title={t('shell.lazyArea.title')}>
        {t('shell.lazyArea.text')}
        <Button mt="sm" display="block" variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={onRetry}>
          {t('shell.lazyArea.retry')}
        </Button>
      </Alert>
    </>
  );
}

/**
 * Catches only an area that did not load; any other error of the page goes on to the router's error
 * handling as before.
 */
class AreaLoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    if (!(failure.error instanceof AreaLoadError)) throw failure.error;
    return <AreaLoadFailed onRetry={this.props.onRetry} />;
  }
}

const loaders = new WeakMap<object, () => Promise<unknown>>();
const catalogues = new WeakMap<object, readonly FeatureCatalogue[]>();

/**
 * Starts loading the code of `element` when it is a lazily loaded area, so that it comes beside what it sits
 * in rather than after it. A failure here is left to the area's own load, which shows it.
 */
export const preloadArea = (element: ReactNode): void => {
  if (isValidElement(element)) void loaders.get(element.type as object)?.().catch(() => undefined);
};

/** The feature catalogues `element` loads with its code, when it is a lazily loaded area. */
export const areaCatalogues = (element: ReactNode): readonly FeatureCatalogue[] | undefined =>
  isValidElement(element) ? catalogues.get(element.type as object) : undefined;

/**
 * A page whose code is loaded when first shown (React.lazy), together with the catalogues of the features whose
 * texts it shows (`features`), within the time of spec 01 §9: it renders once both are there, so never a key in
 * place of a text. When the load fails or takes too long, the load error with a retry, which loads it afresh
 * (React.lazy keeps a failed load, so a retry needs a new lazy component).
 */
export function lazyArea(loadCode: () => Promise<ComponentType>, features: readonly FeatureCatalogue[] = []): ComponentType {
  const load = async () => (await Promise.all([loadCode(), loadFeatureTexts(features)]))[0];
  const attempts = [lazy(async () => ({ default: await loadWithin(load) }))];
  function LazyArea() {
    // A page mounted later starts from the latest attempt, not from a failed one.
    const [attempt, setAttempt] = useState(() => attempts.length - 1);
    const Page = attempts[attempt]!;
    const retry = () => {
      attempts.push(lazy(async () => ({ default: await loadWithin(load) })));
      setAttempt(attempts.length - 1);
    };
    return (
      <AreaLoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<AreaLoading />}>
          <Page />
        </Suspense>
      </AreaLoadBoundary>
    );
  }
  loaders.set(LazyArea, load);
  catalogues.set(LazyArea, features);
  return LazyArea;
}
