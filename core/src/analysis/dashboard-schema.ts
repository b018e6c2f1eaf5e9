import { z } from 'zod';
import { ASSET_CLASSES } from '../questionnaires/template.ts';
import { CLASSIFICATIONS } from '../scoring/display.ts';
import { strandingPairSchema } from '../scoring/score-schemas.ts';
import type { Dashboard } from './dashboard.ts';

const distributionSchema = z.array(
  z.object({ key: z.string(), area: z.number().describe('m² BGF (a mixed-use object split by its shares)'), share: z.number().describe('0 … 1; the entries sum to 1'), count: z.number() }),
);
const counts = z.array(z.object({ key: z.string(), count: z.number() }));

/** The dashboard's answer (docs/analysis-exports.md "Dashboard"), typed against core's `Dashboard`. */
export const dashboardSchema = z.object({
  subject: z.object({ kind: z.enum(['group', 'object']), id: z.number(), name: z.string(), objectCount: z.number() }),
  score: z.object({
    ecore: z.number().nullable().describe('BGF-weighted mean of the stored ECORE scores, unrounded'),
    finance: z.number().nullable(),
    classification: z.enum(CLASSIFICATIONS),
    verifiedCount: z.number().describe('objects whose latest questionnaire is Closed or Expired'),
  }),
  consumption: z
    .object({ finalEnergy: z.number().nullable(), co2: z.number().nullable(), water: z.number().nullable(), waste: z.number().nullable() })
    .describe('per m² and year (kWh, kg CO2e, m³, kg), BGF-weighted means over the objects reporting each'),
  stranding: strandingPairSchema.describe('the area-weighted portfolio projection (core groupResult)'),
  esgPath: z.array(z.object({ year: z.number(), ecore: z.number().nullable(), objectCount: z.number() })),
  distributions: z.object({ assetClass: distributionSchema, quality: distributionSchema, country: distributionSchema }),
  structure: z.object({ byState: counts, byConstructionDecade: counts.describe("key '1990' = 1990–1999, 'unknown'"), totalArea: z.number() }),
  taxonomy: z.object({ relevantObjects: z.number(), conformingObjects: z.number(), share: z.number().nullable() }),
  assets: z.array(
    z.object({
      assetId: z.number(),
      name: z.string(),
      city: z.string(),
      country: z.string(),
      assetClasses: z.array(z.enum(ASSET_CLASSES)),
      area: z.number(),
      ecore: z.number().nullable(),
      state: z.string().nullable(),
      verified: z.boolean(),
      strandingYear: z.number().nullable(),
      beyond2050: z.boolean(),
    }),
  ),
  benchmark: z.array(
    z
      .object({
        assetId: z.number(),
        peerGroup: z.object({ assetClass: z.enum(ASSET_CLASSES), country: z.string().nullable(), size: z.number() }),
        peerMean: z.number(),
        peerMin: z.number(),
        peerMax: z.number(),
        rank: z.number(),
      })
      .nullable()
      .describe('per object of `assets`, in the same order; null below PEER_GROUP_MIN (6) peers or without a score'),
  ),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const DASHBOARD_SCHEMA_MATCHES: Same<z.infer<typeof dashboardSchema>, Dashboard> = true;
