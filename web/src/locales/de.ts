import type { LanguageTexts } from '../lib/i18n-resources.ts';
import shell from './de.json';

/** The German texts: the shell's catalogue and each feature's (`de/<feature>.json`). */
export default { shell, features: import.meta.glob('./de/*.json', { eager: true, import: 'default' }) } satisfies LanguageTexts;
