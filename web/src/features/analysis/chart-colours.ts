import { ASSET_CLASSES, type AssetClass } from '@ecore/core/assets/asset-classes.ts';
import type { Classification } from '@ecore/core/scoring/display.ts';

/*
 * The fixed chart colours (spec 02 §9, UI.md "Charts"): one colour per asset class, country, cluster, quality and
 * state, the same on every chart, so that a reader learns them once. Mantine colour names.
 */

export const ASSET_CLASS_COLOURS: Record<AssetClass, string> = {
  OFF: 'blue.6',
  HOT: 'grape.6',
  RHS: 'orange.6',
  RSM: 'yellow.7',
  RWB1: 'lime.7',
  RWB2: 'green.7',
  DWH: 'gray.6',
  HEC1: 'pink.6',
  HEC2: 'red.7',
  LEI: 'violet.6',
  MIX: 'cyan.7',
  RESI: 'teal.6',
};

export const COUNTRY_COLOURS: Record<string, string> = {
  DE: 'dark.5',
  AT: 'red.6',
  CH: 'red.9',
  FR: 'blue.7',
  NL: 'orange.5',
  BE: 'yellow.6',
  LU: 'cyan.5',
  IT: 'green.6',
  ES: 'yellow.8',
  PL: 'pink.5',
  CZ: 'indigo.5',
  DK: 'red.4',
  UK: 'indigo.8',
  USA: 'blue.9',
};
/** Countries without a colour of their own share these, by their code, so a country keeps its colour everywhere. */
const COUNTRY_FALLBACK = ['teal.4', 'grape.4', 'lime.5', 'orange.8', 'violet.4', 'cyan.8', 'gray.5'];

/** Clusters I–IV (Governance, Consumption and emissions, Asset check, Taxonomy check). */
export const CLUSTER_COLOURS: Record<string, string> = { I: 'indigo.6', II: 'teal.6', III: 'orange.6', IV: 'grape.6' };

export const QUALITY_COLOURS: Record<string, string> = { Low: 'orange.4', Mid: 'blue.4', High: 'teal.7' };

/** The classification colours of UI.md "Status and scores". */
export const CLASSIFICATION_COLOURS: Record<Classification, string> = { Positive: 'green.7', Intermediate: 'yellow.6', Negative: 'red.7', Neutral: 'gray.5' };

export const STATE_COLOURS: Record<string, string> = {
  NotStarted: 'gray.4',
  Active: 'blue.5',
  Review: 'yellow.6',
  Evaluation: 'orange.6',
  Verification: 'violet.5',
  Declined: 'red.5',
  DefinitelyDeclined: 'red.9',
  Closed: 'green.7',
  Expired: 'gray.7',
};

const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

export const assetClassColour = (key: string): string => ((ASSET_CLASSES as readonly string[]).includes(key) ? ASSET_CLASS_COLOURS[key as AssetClass] : 'gray.4');
export const countryColour = (code: string): string => COUNTRY_COLOURS[code] ?? COUNTRY_FALLBACK[hash(code) % COUNTRY_FALLBACK.length]!;
export const qualityColour = (key: string): string => QUALITY_COLOURS[key] ?? 'gray.4';
export const stateColour = (key: string): string => STATE_COLOURS[key] ?? 'gray.4';
