import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ecore/core/shared/messages.ts';
import {
  ERRORS_PREFIX,
  FEATURE_CATALOGUES,
  featureOfKey,
  flatten,
  loadCatalogues,
  loadResources,
  loadShellResources,
  sectionOf,
  type Catalogue,
} from '../lib/i18n-resources.ts';
import de from './de.json';
import en from './en.json';

const CATALOGUE_FILES = import.meta.glob<Catalogue>('./*/*.json', { eager: true, import: 'default' });
const FEATURE_CATALOGUES_ON_DISK = (language: 'de' | 'en') =>
  Object.fromEntries(Object.entries(CATALOGUE_FILES).filter(([path]) => path.startsWith(`./${language}/`)));
const CATALOGUES = await loadCatalogues();
const RESOURCES = { de: await loadResources('de'), en: await loadResources('en') };

const keysOf = (catalogue: Parameters<typeof flatten>[0]) => [...flatten(catalogue).keys()].sort();

describe('the German and English catalogues', () => {
  it('have exactly the same keys', () => {
    const de = keysOf(CATALOGUES.de);
    const en = keysOf(CATALOGUES.en);
    expect(de.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !de.includes(key))).toEqual([]);
    expect(de.length).toBeGreaterThan(100);
  });

  it('have no empty or blank texts', () => {
    for (const language of ['de', 'en'] as const) {
      const blank = [...flatten(CATALOGUES[language])].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(blank, language).toEqual([]);
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const en = flatten(CATALOGUES.en);
    for (const [key, de] of flatten(CATALOGUES.de)) expect(variables(en.get(key) ?? ''), key).toEqual(variables(de));
  });

  it('write each text once: no key of the shell catalogue is also in a feature catalogue', () => {
    expect(Object.keys(CATALOGUE_FILES)).toContain('./de/assets.json');
    for (const [language, shell] of [['de', de], ['en', en]] as const) {
      const shellKeys = [...flatten(shell).keys()];
      for (const [path, catalogue] of Object.entries(FEATURE_CATALOGUES_ON_DISK(language))) {
        const feature = flatten(catalogue);
        expect(shellKeys.filter((key) => feature.has(key)), path).toEqual([]);
      }
    }
  });

  it('are the feature catalogues the client knows, each holding the one section named after its feature', () => {
    for (const language of ['de', 'en'] as const) {
      const files = Object.keys(FEATURE_CATALOGUES_ON_DISK(language)).sort();
      expect(files, language).toEqual(FEATURE_CATALOGUES.map((feature) => `./${language}/${feature}.json`).sort());
      for (const feature of FEATURE_CATALOGUES) {
        expect(Object.keys(FEATURE_CATALOGUES_ON_DISK(language)[`./${language}/${feature}.json`]!), `${language}/${feature}`).toEqual([sectionOf(feature)]);
      }
    }
    expect(featureOfKey('dataTable.pagination.next')).toBe('data-table');
    expect(featureOfKey('assets.objects.title')).toBe('assets');
    expect(featureOfKey('shell.navigation.home')).toBeUndefined();
  });

  it("give the first screen the shell's texts only: no feature catalogue, and core's texts load when first needed", async () => {
    for (const language of ['de', 'en'] as const) {
      const shell = await loadShellResources(language);
      expect(Object.keys(shell).sort(), language).toEqual(Object.keys(language === 'de' ? de : en).sort());
      expect(shell, language).not.toHaveProperty(ERRORS_PREFIX);
      expect(Object.keys(shell).filter((section) => featureOfKey(section) !== undefined)).toEqual([]);
    }
  });

  it('leave the error texts to core (no hand-written errors section)', () => {
    expect(CATALOGUES.de).not.toHaveProperty(ERRORS_PREFIX);
    expect(CATALOGUES.en).not.toHaveProperty(ERRORS_PREFIX);
  });

  it("carry every text of core's MESSAGES under errors, with i18next placeholders", () => {
    for (const language of ['de', 'en'] as const) {
      const flat = flatten(RESOURCES[language]);
      for (const [key, texts] of Object.entries(MESSAGES)) {
        expect(flat.get(`${ERRORS_PREFIX}.${key}`), `${language} ${key}`).toBe(texts[language].replace(/\{(\w+)\}/g, '{{$1}}'));
      }
    }
    expect(flatten(RESOURCES.en).get('errors.validation-min-length')).toBe(
      'This field should be at least {{n}} characters long',
    );
  });

  it('name controls with the accessible names the browser tests rely on', () => {
    const de = flatten(CATALOGUES.de);
    const en = flatten(CATALOGUES.en);
    const names: [string, string, string][] = [
      ['identity.login.userName', 'Benutzername', 'User name'],
      ['identity.login.password', 'Passwort', 'Password'],
      ['identity.login.submit', 'Anmelden', 'Sign in'],
      ['identity.login.forgotPassword', 'Passwort vergessen?', 'Forgot password?'],
      ['shell.header.language', 'Sprache', 'Language'],
      ['identity.profileMenu.logout', 'Abmelden', 'Log out'],
      ['shell.navigation.analysisAndBenchmark', 'Analyse & Benchmark', 'Analysis & benchmark'],
      ['identity.setPassword.password', 'Neues Passwort', 'New password'],
      ['identity.setPassword.repeat', 'Passwort wiederholen', 'Repeat password'],
      ['identity.setPassword.submit', 'Passwort speichern', 'Save password'],
      ['home.cards.reviewQuestionnaire.title', 'Fragebogen prüfen', 'Review questionnaire'],
      ['identity.roles.ExternalAccreditedTester', 'externer akkreditierter Prüfer', 'External accredited tester'],
      ['common.search.placeholder', '... suchen ...', 'Search ...'],
    ];
    for (const [key, german, english] of names) {
      expect(de.get(key), key).toBe(german);
      expect(en.get(key), key).toBe(english);
    }
  });
});
