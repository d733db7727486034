import type { Language } from '../core/records.js';

// Very common words that are not also common in the other language ("a", "on", "en", "me" are left out).
const englishWords: ReadonlySet<string> = new Set([
  'the', 'of', 'and', 'to', 'in', 'is', 'that', 'it', 'was', 'for', 'with', 'as', 'be', 'by', 'this', 'are', 'from',
  'at', 'or', 'have', 'has', 'an', 'they', 'which', 'were', 'been', 'their', 'will', 'would', 'there', 'not', 'but',
  'his', 'her', 'we', 'you', 'what', 'when', 'who', 'can', 'all', 'its', 'into', 'than', 'also', 'after', 'had',
]);

const frenchWords: ReadonlySet<string> = new Set([
  'le', 'la', 'les', 'de', 'des', 'du', 'et', 'est', 'un', 'une', 'que', 'qui', 'dans', 'pour', 'pas', 'sur', 'au',
  'aux', 'avec', 'ce', 'cette', 'ces', 'il', 'elle', 'ils', 'nous', 'vous', 'sont', 'été', 'par', 'plus', 'mais',
  'ou', 'où', 'leur', 'leurs', 'son', 'sa', 'ses', 'être', 'avait', 'ont', 'lui', 'aussi', 'après', 'selon', 'l', 'd', 'qu',
]);

const accentedPattern = /[àâäçéèêëîïôöùûüÿœæ]/giu;
const wordPattern = /\p{L}+/gu;
const sampleLength = 20_000;

/**
 * Guesses whether a text is English or French by counting very common words of each language in its first
 * 20,000 characters; a tie is broken by the share of accented letters, and a text with no signal is 'en'.
 */
export function detectLanguage(text: string): Language {
  const sample = text.slice(0, sampleLength).toLowerCase();
  let englishScore = 0;
  let frenchScore = 0;
  let letterCount = 0;
  for (const [word] of sample.matchAll(wordPattern)) {
    letterCount += word.length;
    if (englishWords.has(word)) englishScore += 1;
    if (frenchWords.has(word)) frenchScore += 1;
  }
  if (frenchScore !== englishScore) return frenchScore > englishScore ? 'fr' : 'en';
  const accentedCount = sample.match(accentedPattern)?.length ?? 0;
  return letterCount > 0 && accentedCount / letterCount > 0.01 ? 'fr' : 'en';
}
