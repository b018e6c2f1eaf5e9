import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { takeCreateRequest } from '../lib/paths.ts';

/**
 * Opens a list page's create dialog when the link that led here asked for it (`?create=1`, the home
 * page's cards), once, and only where the user may create; the request then leaves the URL.
 */
export const useCreateRequest = (open: () => void, allowed: boolean): void => {
  const [params, setParams] = useSearchParams();
  const { requested } = takeCreateRequest(params);
  const take = useEffectEvent(() => {
    if (allowed) open();
    setParams((current) => takeCreateRequest(current).rest, { replace: true });
  });
  useEffect(() => {
    if (requested) take();
  }, [requested]);
};
