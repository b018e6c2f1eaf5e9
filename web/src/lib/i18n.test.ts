import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadFeatureTexts } from './i18n.ts';

describe('the catalogues in i18next', () => {
  it('hold the shell at first, a feature once asked for, and what was asked for in a language switched to', async () => {
    await initI18n();
    expect(i18n.t('identity.login.submit')).toBe('Anmelden');
    // Core's texts are not in the first download: one read before they are there reads as nothing and loads them.
    expect(i18n.t('errors.validation-required')).toBe('');
    await expect.poll(() => i18n.t('errors.validation-required')).toBe('Bitte füllen Sie dieses Feld aus');
    expect(i18n.t('errors.validation-min-length', { n: 8 })).toBe('Dieses Feld muss mindestens 8 Zeichen lang sein');
    expect(i18n.t('errors.no-such-key')).toBe('errors.no-such-key');
    // A feature's key before its catalogue is there reads as nothing, not as the key; the catalogue is loaded then.
    expect(i18n.t('review.jobs.groupsTitle')).toBe('');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true);

    await loadFeatureTexts(['assets']);
    expect(i18n.t('assets.objects.title')).toBe('Objekte');
    expect(i18n.t('assets.no.such.key')).toBe('assets.no.such.key');
    expect(i18n.t('shell.no.such.key')).toBe('shell.no.such.key');
    await expect.poll(() => i18n.t('review.jobs.groupsTitle')).not.toBe('');

    await changeLanguage('en');
    expect(i18n.t('identity.login.submit')).toBe('Sign in');
    expect(i18n.t('assets.objects.title')).toBe('Objects');
    expect(i18n.t('review.jobs.groupsTitle')).not.toBe('');
    expect(i18n.t('answering.page.title')).toBe('');
    expect(i18n.t('errors.validation-required')).toBe('Please fill out this field');

    await changeLanguage('de');
    expect(i18n.t('assets.objects.title')).toBe('Objekte');
  });
});
