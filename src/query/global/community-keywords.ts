import type { Community, Entity } from '../../core/records.js';
import { stripAccents } from '../../core/normalise.js';
import { isStopWord } from '../../text/words.js';
import { isMetaWord } from '../../text/question-signals.js';
import { stemWord } from '../../text/content-stems.js';
import type { CommunitySentence } from './community-sentences.js';
import { appendTo } from '../../core/group-by.js';

const KEYWORDS = 4;

/**
 * What each community is about, in the documents' own words: the terms of its source sentences
 * that are frequent there and rare in the other communities of its level (class-based tf-idf, as
 * topic models label topics), leaving out its members' names, numbers and stop words.
 */
export function communityKeywords(communities: Community[], sentences: Map<string, CommunitySentence[]>, entities: Map<string, Entity>): Map<string, string[]> {
  const termsOf = new Map<string, Map<string, { count: number; forms: Map<string, number> }>>();
  // A sentence is read by a community of every level that holds its chunk: its candidate terms are found once.
  const candidatesOf = new Map<string, SentenceTerm[]>();
  for (const community of communities) {
    const nameWords = new Set(community.memberIds.flatMap((id) => {
      const entity = entities.get(id);
      return entity ? [entity.name, ...entity.aliases].flatMap((name) => words(name).map((word) => stemWord(word))) : [];
    }));
    const terms = new Map<string, { count: number; forms: Map<string, number> }>();
    const seen = new Set<string>();
    for (const sentence of sentences.get(community.id) ?? []) {
      const key = `${sentence.finding.chunkId}:${sentence.finding.span.start}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let candidates = candidatesOf.get(key);
      if (!candidates) {
        candidates = sentenceTerms(sentence.finding.text);
        candidatesOf.set(key, candidates);
      }
      for (const { stem, form } of candidates) {
        if (nameWords.has(stem)) continue;
        const term = terms.get(stem) ?? { count: 0, forms: new Map() };
        term.count += 1;
        term.forms.set(form, (term.forms.get(form) ?? 0) + 1);
        terms.set(stem, term);
      }
    }
    termsOf.set(community.id, terms);
  }
  const keywords = new Map<string, string[]>();
  const atLevel = new Map<number, Community[]>();
  for (const community of communities) appendTo(atLevel, community.level, community);
  for (const levelCommunities of atLevel.values()) {
    const frequency = new Map<string, number>();
    for (const community of levelCommunities) for (const stem of termsOf.get(community.id)?.keys() ?? []) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    for (const community of levelCommunities) {
      const terms = termsOf.get(community.id) ?? new Map<string, { count: number; forms: Map<string, number> }>();
      const ranked = [...terms]
        .filter(([, term]) => term.count >= 2)
        .map(([stem, term]) => ({ stem, term, score: term.count * Math.log(1 + levelCommunities.length / (frequency.get(stem) ?? 1)) }))
        .sort((left, right) => right.score - left.score || left.stem.localeCompare(right.stem));
      keywords.set(community.id, ranked.slice(0, KEYWORDS).map((item) => mostUsed(item.term.forms)));
    }
  }
  return keywords;
}

/** A word of a sentence that may label a community, with its stem. */
interface SentenceTerm {
  stem: string;
  form: string;
}

/** The words of a sentence that may be keywords (long enough, no digit, stop word, meta word or name), in order. */
function sentenceTerms(text: string): SentenceTerm[] {
  const terms: SentenceTerm[] = [];
  for (const [position, word] of words(text).entries()) {
    const lower = stripAccents(word).toLowerCase();
    // Capitalised words past the first are names; names are the title's job.
    if (lower.length < 4 || /\d/.test(lower) || isStopWord(lower) || isMetaWord(lower) || (position > 0 && /^\p{Lu}/u.test(word))) continue;
    terms.push({ stem: stemWord(word), form: word.toLowerCase() });
  }
  return terms;
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

function mostUsed(forms: Map<string, number>): string {
  return [...forms].sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))[0]?.[0] ?? '';
}
