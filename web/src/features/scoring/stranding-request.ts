import { useEffect, useState } from 'react';
import type { StrandingAsset } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ApiError, isAbortError } from '../../lib/api-client.ts';
import type { Translate } from '../../components/forms/form-errors.ts';
import { calculateStranding, type StrandingAnswer } from './stranding-api.ts';
import { fieldErrorTexts } from './stranding-form.ts';

/** How long the figures must rest before the calculator asks again: typing "120" sends one call, not three. */
export const STRANDING_DEBOUNCE_MS = 300;

export interface StrandingCalculation {
  /** The result of the figures shown, null while none is there (or the last call was refused). */
  answer: StrandingAnswer | null;
  /** A call is waiting or running for the figures shown. */
  pending: boolean;
  /** The server's field errors (400 `fields`) with core's texts, keyed by path (`energy.gas`). */
  fields: Record<string, string>;
  /** A refusal that is no field's (the reference data lacks something, named in the server's text). */
  refusal: string | null;
  /** The call failed otherwise ('try again later'). */
  failed: boolean;
}

/** What the last settled call answered, and for which figures and language. */
type Settled = Omit<StrandingCalculation, 'pending'> & { key: string | null };
const NOTHING: Omit<StrandingCalculation, 'pending'> = { answer: null, fields: {}, refusal: null, failed: false };

/**
 * Recomputes the stranding of `body` (POST /api/scoring/stranding) once the figures rest for `delayMs`; a change
 * cancels the waiting or running call, so that an older answer never replaces a newer one. A change of language
 * asks again (the refusal's text is the server's). `body` null (the form's own check failed) asks nothing. The last
 * result stays shown while the next is computed; a refusal or failure only for the figures it was given for.
 */
export function useStrandingCalculation(body: StrandingAsset | null, language: Language, translate: Translate, delayMs = STRANDING_DEBOUNCE_MS): StrandingCalculation {
  const [settled, setSettled] = useState<Settled>({ ...NOTHING, key: null });
  const request = body === null ? null : JSON.stringify(body);
  const key = request === null ? null : `${language}:${request}`;

  useEffect(() => {
    if (request === null) return undefined;
    const controller = new AbortController();
    const settle = (outcome: Partial<Omit<StrandingCalculation, 'pending'>>) => setSettled({ ...NOTHING, ...outcome, key: `${language}:${request}` });
    const timer = setTimeout(() => {
      calculateStranding(JSON.parse(request) as StrandingAsset, controller.signal).then(
        (answer) => settle({ answer }),
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          if (error instanceof ApiError && error.fields.length > 0) settle({ fields: fieldErrorTexts(error.fields, translate) });
          else if (error instanceof ApiError && error.statusCode === 400) settle({ refusal: error.message });
          else settle({ failed: true });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `translate` follows the language, which is a dependency itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, language, delayMs]);

  const current = key !== null && settled.key === key;
  return {
    answer: settled.answer,
    pending: key !== null && !current,
    fields: current ? settled.fields : {},
    refusal: current ? settled.refusal : null,
    failed: current && settled.failed,
  };
}
