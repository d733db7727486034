import { stripAccents } from './normalise.js';

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
