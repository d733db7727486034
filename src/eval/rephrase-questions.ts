import { detectLanguage } from '../ingest/detect-language.js';
import { languagePack } from '../text/lang/registry.js';
import type { CoverageQuestion } from './datasets.js';

/** The ways a question is asked again to check that its answer does not depend on the wording. */
export const REPHRASINGS = ['request', 'lowercase', 'misspelt'] as const;
export type Rephrasing = (typeof REPHRASINGS)[number];

/** Shortest name word a misspelling is made in: shorter words hold too few letters to lose one and stay a name. */
const MISSPELT_WORD_LETTERS = 6;

/**
 * The question asked another way, or null when that way does not apply to it:
 * - `request`: wrapped in the first request opener of its language's pack ("Can you please tell me which …", « Pouvez-vous me dire quel … »);
 * - `lowercase`: all in lower case, without its final question mark, as typed in a hurry;
 * - `misspelt`: the longest capitalised word after the first (a name) loses its middle letter.
 * Deterministic, so two runs ask the same questions.
 */
export function rephraseQuestion(question: string, how: Rephrasing): string | null {
  const text = question.trim();
  switch (how) {
    case 'request': {
      const opener = languagePack(detectLanguage(text)).questionPhrasing.requestOpeners[0];
      if (!opener) return null;
      const capitalisedOpener = `${opener.charAt(0).toUpperCase()}${opener.slice(1)}`;
      return `${capitalisedOpener} ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
    }
    case 'lowercase':
      return text.toLowerCase().replace(/\s*\?$/u, '');
    case 'misspelt': {
      const words = text.split(' ');
      const letters = (word: string) => word.replace(/[^\p{L}]+$/u, '');
      let chosen = -1;
      words.forEach((word, position) => {
        const name = letters(word);
        if (position > 0 && /^\p{Lu}\p{Ll}+$/u.test(name) && name.length >= MISSPELT_WORD_LETTERS && (chosen < 0 || name.length > letters(words[chosen] as string).length)) chosen = position;
      });
      if (chosen < 0) return null;
      const word = words[chosen] as string;
      const middle = Math.floor(letters(word).length / 2);
      words[chosen] = `${word.slice(0, middle)}${word.slice(middle + 1)}`;
      return words.join(' ');
    }
  }
}

/** The set's non-global questions asked another way (global questions read the whole corpus, not a wording); those it does not apply to are left out. */
export function rephraseQuestions(questions: readonly CoverageQuestion[], how: Rephrasing): CoverageQuestion[] {
  return questions.flatMap((question) => {
    if (question.hops === 'global') return [];
    const text = rephraseQuestion(question.question, how);
    return text === null || text === question.question ? [] : [{ ...question, question: text }];
  });
}
