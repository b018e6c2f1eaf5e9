import type { LanguageTexts } from '../lib/i18n-resources.ts';
import shell from './en.json';

/** The English texts: the shell's catalogue and each feature's (`en/<feature>.json`). */
export default { shell, features: import.meta.glob('./en/*.json', { eager: true, import: 'default' }) } satisfies LanguageTexts;
