/** Spec 01 §9: a lazily loaded area that has not arrived after this long counts as failed (§8). */
export const LAZY_AREA_TIMEOUT_MS = 120_000;

/** A lazily loaded area that did not arrive: its code failed to load, or took longer than allowed. */
export class AreaLoadError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'The area took too long to load' : 'The area could not be loaded', options);
    this.name = 'AreaLoadError';
  }
}

/**
 * Races a load against a timer: the loaded value if it arrives within `timeoutMs`, else an
 * AreaLoadError 'timeout'; a failed load becomes an AreaLoadError 'failed' carrying the cause.
 * The timer is cleared as soon as the load settles, so nothing is left running.
 */
export const loadWithin = <T>(load: () => Promise<T>, timeoutMs: number = LAZY_AREA_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new AreaLoadError('timeout')), timeoutMs);
    const fail = (cause: unknown) => {
      clearTimeout(timer);
      reject(new AreaLoadError('failed', { cause }));
    };
    try {
      load().then((value) => {
        clearTimeout(timer);
        resolve(value);
      }, fail);
    } catch (cause) {
      fail(cause);
    }
  });
