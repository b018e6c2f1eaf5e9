import type { Catalogue, LanguageTexts } from '../lib/i18n-resources.ts';
import shell from './en.json';

/**
 * The English texts: the shell's catalogue, and a loader of each feature's (`en/<feature>.json`), a file of its
 * own in the build that comes with the feature's code.
 */
export default { shell, features: import.meta.glob<Catalogue>('./en/*.json', { import: 'default' }) } satisfies LanguageTexts;
