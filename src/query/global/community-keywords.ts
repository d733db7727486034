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
 *
 * One level at a time, in two passes over its communities (how many communities hold each term,
 * then each community's own terms), so only one community's term counts are held at once: holding
 * every community's at the same time grew with communities × terms and did not fit a large corpus.
 */
export function communityKeywords(communities: Community[], sentences: Map<string, CommunitySentence[]>, entities: Map<string, Entity>): Map<string, string[]> {
  // A sentence is read by a community of every level that holds its chunk: its candidate terms are found once.
  const candidates = sentenceCandidates();
  const keywords = new Map<string, string[]>();
  const atLevel = new Map<number, Community[]>();
  for (const community of communities) appendTo(atLevel, community.level, community);
  for (const levelCommunities of atLevel.values()) {
    const frequency = new Map<string, number>();
    for (const community of levelCommunities) {
      for (const stem of communityTerms(community, sentences, entities, candidates).keys()) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    }
    for (const community of levelCommunities) {
      const terms = communityTerms(community, sentences, entities, candidates);
      const ranked = [...terms]
        .filter(([, term]) => term.count >= 2)
        .map(([stem, term]) => ({ stem, term, score: term.count * Math.log(1 + levelCommunities.length / (frequency.get(stem) ?? 1)) }))
        .sort((left, right) => right.score - left.score || left.stem.localeCompare(right.stem));
      keywords.set(community.id, ranked.slice(0, KEYWORDS).map((item) => mostUsed(item.term.forms)));
    }
  }
  return keywords;
}

/** The candidate terms of a community's source sentences (each sentence once) but its members' name words: stem → count and written forms. */
function communityTerms(community: Community, sentences: Map<string, CommunitySentence[]>, entities: Map<string, Entity>, candidates: (sentence: CommunitySentence) => readonly string[]): Map<string, { count: number; forms: Map<string, number> }> {
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
    const stemsAndForms = candidates(sentence);
    for (let at = 0; at < stemsAndForms.length; at += 2) {
      const stem = stemsAndForms[at] as string;
      const form = stemsAndForms[at + 1] as string;
      if (nameWords.has(stem)) continue;
      const term = terms.get(stem) ?? { count: 0, forms: new Map() };
      term.count += 1;
      term.forms.set(form, (term.forms.get(form) ?? 0) + 1);
      terms.set(stem, term);
    }
  }
  return terms;
}

/** A reader of a sentence's candidate terms as one flat list (stem, form, stem, form …), each sentence read once, each distinct string kept once. */
function sentenceCandidates(): (sentence: CommunitySentence) => readonly string[] {
  const bySentence = new Map<string, string[]>();
  const strings = new Map<string, string>();
  const shared = (text: string) => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text);
    return text;
  };
  return (sentence) => {
    const key = `${sentence.finding.chunkId}:${sentence.finding.span.start}`;
    let flat = bySentence.get(key);
    if (!flat) {
      flat = sentenceTerms(sentence.finding.text).flatMap((term) => [shared(term.stem), shared(term.form)]);
      bySentence.set(key, flat);
    }
    return flat;
  };
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
