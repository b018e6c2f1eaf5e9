import { describe, expect, it } from 'vitest';
import { SIGN_IN_RETENTION_DAYS, archivedUserName } from '@ecore/core/identity/personal-data.ts';
import de from '../../locales/de/info-pages.json';
import en from '../../locales/en/info-pages.json';

// The data-protection page says what the portal keeps and for how long (issue 24), in both languages and in
// agreement with the rules the server applies (core/src/identity/personal-data.ts).
describe('the data-protection page', () => {
  it.each([
    ['de', de, 'de'],
    ['en', en, 'en'],
  ] as const)('in %s names the sign-in retention, the pseudonym of archived users and the personal-data download', (_l, texts, language) => {
    const sections = texts.infoPages.dataProtection.sections;
    expect(sections.retention.text).toContain(`${SIGN_IN_RETENTION_DAYS}`);
    expect(sections.retention.text).toContain(archivedUserName(123, language));
    expect(sections.rights.text).toContain('/api/user/me/personalData');
  });
});
