import type { LanguagePack } from './language-pack.js';
import { FALLBACK_LANGUAGE, languagePacks } from './registry.js';

const wordPattern = /\p{L}+/gu;
const sampleLength = 20_000;
/** Share of letters typical of a language above which it wins a tie of word counts. */
const DISTINCTIVE_SHARE = 0.01;

/**
 * The code of the pack whose very common words a text's first 20,000 characters hold most;
 * a tie goes to the first tied pack whose typical letters pass 1% of the letters, else to English.
 */
export function detectLanguageCode(text: string, packs: readonly LanguagePack[] = languagePacks()): string {
  const sample = text.slice(0, sampleLength).toLowerCase();
  const scores = new Map(packs.map((pack) => [pack.code, 0]));
  let letterCount = 0;
  for (const [word] of sample.matchAll(wordPattern)) {
    letterCount += word.length;
    for (const pack of packs) if (pack.detection.commonWords.has(word)) scores.set(pack.code, (scores.get(pack.code) ?? 0) + 1);
  }
  const best = Math.max(...scores.values());
  const tied = packs.filter((pack) => scores.get(pack.code) === best);
  if (tied.length === 1) return (tied[0] as LanguagePack).code;
  const distinctive = tied.find((pack) => {
    const pattern = pack.detection.distinctiveLetters;
    return pattern !== undefined && letterCount > 0 && (sample.match(pattern)?.length ?? 0) / letterCount > DISTINCTIVE_SHARE;
  });
  return distinctive?.code ?? (tied.some((pack) => pack.code === FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : (tied[0]?.code ?? FALLBACK_LANGUAGE));
}
