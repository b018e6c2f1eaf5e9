import type { AssetType } from '@ecore/core/assets/asset-classes.ts';
import type { CountryOption } from '@ecore/core/shared/countries.ts';
import type { StrandingAsset, StrandingResult } from '@ecore/core/scoring/stranding.ts';
import { api } from '../../lib/api-client.ts';

/** The reference data a result was computed with; `illustrative` for the demo set, which says so. */
export interface StrandingDataSet {
  name: string;
  illustrative: boolean;
}

/** What POST /api/scoring/stranding answers: carbon and energy intensity against their pathways per year to 2050. */
export interface StrandingAnswer {
  carbon: StrandingResult;
  energy: StrandingResult;
  dataSet: StrandingDataSet;
}

/**
 * The stranding calculator's projection (docs/scoring.md): nothing is stored. Refuses with 400 `fields` (core's
 * keys) or 400 `scoring-reference-missing`, whose message names what the reference data lacks.
 */
export const calculateStranding = (body: StrandingAsset, signal: AbortSignal): Promise<StrandingAnswer> =>
  api.post<StrandingAnswer>('scoring/stranding', body, { signal });

/** The countries of the list (GET /api/asset/countries), named in the request's language. */
export const fetchCountries = (): Promise<CountryOption[]> => api.get<CountryOption[]>('asset/countries');

/** The asset classes the user may choose (GET /api/asset/assetType; buyer users get those open to buyers). */
export const fetchAssetTypes = (): Promise<AssetType[]> => api.get<AssetType[]>('asset/assetType');
