/** Spec 01 §9: the go-to-top button appears after 250 px; the scroll position is read every 250 ms at most. */
export const GO_TO_TOP_THRESHOLD_PX = 250;
export const SCROLL_THROTTLE_MS = 250;

export const showsGoToTop = (scrollY: number): boolean => scrollY > GO_TO_TOP_THRESHOLD_PX;

/**
 * Calls `fn` at most once per `wait` ms; a call inside the wait is delivered at its end, so the
 * last scroll position is never lost.
 */
export const throttle = <A extends unknown[]>(fn: (...args: A) => void, wait: number) => {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const throttled = (...args: A): void => {
    const now = Date.now();
    const remaining = last + wait - now;
    if (remaining <= 0) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        if (pending) fn(...pending);
        pending = undefined;
      }, remaining);
    }
  };
  throttled.cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
};
