import { stripAccents } from '../core/normalise.js';
import { isStopWord } from '../extraction/nlp/common-words.js';

const QUESTION_WORDS = new Set([
  'who', 'whom', 'whose', 'what', 'which', 'where', 'when', 'why', 'how', 'currently', 'now',
  'qui', 'que', 'quoi', 'quel', 'quelle', 'quels', 'quelles', 'ou', 'quand', 'pourquoi', 'comment', 'lequel', 'laquelle', 'actuellement',
]);

/** Irregular English verb forms mapped to their base, so "led" meets "leads". */
const IRREGULAR: Record<string, string> = {
  led: 'lead', made: 'make', built: 'build', ran: 'run', run: 'run', bought: 'buy', sold: 'sell', held: 'hold', won: 'win',
  brought: 'bring', took: 'take', taken: 'take', gave: 'give', given: 'give', paid: 'pay', kept: 'keep', left: 'leave',
  met: 'meet', sent: 'send', spent: 'spend', told: 'tell', wrote: 'write', written: 'write', began: 'begin', begun: 'begin',
  chose: 'choose', chosen: 'choose', found: 'find', founded: 'found', set: 'set', put: 'put', became: 'become', oversaw: 'oversee', overseen: 'oversee',
};

/** A light suffix-stripping stem (English and French) so "supplies", "supply" and "supplied" meet. */
export function stemWord(word: string): string {
  let stem = stripAccents(word).toLowerCase();
  stem = IRREGULAR[stem] ?? stem;
  if (stem.length <= 3) return stem;
  for (const suffix of ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'ed', 'es', 's', 'e', 'y']) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem;
}

/** Stems of a text's content words (stop words and question words left out). */
export function contentStems(text: string): string[] {
  return (stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !isStopWord(word) && !QUESTION_WORDS.has(word) && word.length > 1)
    .map(stemWord);
}
