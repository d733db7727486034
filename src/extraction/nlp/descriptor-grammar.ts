import type { Language } from '../../core/records.js';

/** The few function words that let a sentence describe a name or refer back to one. */
export interface DescriptorGrammar {
  /** Articles before a describing noun ("the firm X", "le cabinet X") or at the head of an apposition. */
  articles: ReadonlySet<string>;
  /** Definite articles and demonstratives that refer back to something named before ("the company", "l'entreprise", "cette société"). */
  referring: ReadonlySet<string>;
  /** Copulas that introduce a description ("X is a …", "X est un …"), as word sequences. */
  copulas: readonly string[][];
}

const GRAMMARS: Record<Language, DescriptorGrammar> = {
  en: {
    articles: new Set(['the', 'a', 'an']),
    referring: new Set(['the', 'this']),
    copulas: [['is', 'a'], ['is', 'an'], ['is', 'the'], ['was', 'a'], ['was', 'an'], ['was', 'the']],
  },
  fr: {
    articles: new Set(['le', 'la', 'l', 'un', 'une']),
    referring: new Set(['le', 'la', 'l', 'ce', 'cet', 'cette']),
    copulas: [['est', 'un'], ['est', 'une'], ['est', 'le'], ['est', 'la'], ['est', 'l'], ['etait', 'un'], ['etait', 'une']],
  },
};

/** The descriptor grammar of a language (English when unknown). */
export function descriptorGrammar(language: Language): DescriptorGrammar {
  return GRAMMARS[language] ?? GRAMMARS.en;
}
