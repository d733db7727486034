export type * from './language-pack.js';
export { acrossLanguages, builtInLanguagePacks, FALLBACK_LANGUAGE, hasLanguagePack, languagePack, languagePacks, registerLanguagePack } from './registry.js';
export { englishPack } from './en.js';
export { frenchPack } from './fr.js';
export { germanPack } from './de.js';
export { mergeSchemaCues } from './merge-schema-cues.js';
export { detectLanguageCode } from './detect-language-code.js';
