import type { Community, Entity } from '../../core/records.js';
import { stemWord } from '../../text/content-stems.js';
import type { CommunitySentence } from './community-sentences.js';
import { appendTo } from '../../core/group-by.js';
import { TopItems } from '../../core/top-items.js';
import { TermCounter, TermTable, words } from './community-terms.js';

const KEYWORDS = 4;

/**
 * What each community is about, in the documents' own words: the terms of its source sentences
 * that are frequent there and rare in the other communities of its level (class-based tf-idf, as
 * topic models label topics), leaving out its members' names, numbers and stop words.
 *
 * One level at a time, in two passes over its communities (how many communities hold each term,
 * then each community's own terms), so only one community's term counts are held at once: holding
 * every community's at the same time grew with communities × terms and did not fit a large corpus.
 * Terms are counted by number (each distinct stem and written form gets one) in arrays reset after
 * each community, and the form a keyword is shown in is counted afterwards, for a community's few
 * keywords alone: a map of terms, and of forms for each, per community and pass was most of the
 * work and of the garbage of a first corpus-wide question on a large corpus.
 */
export function communityKeywords(communities: Community[], sentences: Map<string, CommunitySentence[]>, entities: Map<string, Entity>): Map<string, string[]> {
  const terms = new TermTable();
  const nameStems = nameStemReader(entities, terms);
  const keywords = new Map<string, string[]>();
  const atLevel = new Map<number, Community[]>();
  for (const community of communities) appendTo(atLevel, community.level, community);
  const counter = new TermCounter();
  for (const levelCommunities of atLevel.values()) {
    const frequency = new Map<number, number>();
    for (const community of levelCommunities) {
      for (const stem of counter.count(terms.read(community, sentences), community.memberIds.map(nameStems))) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    }
    for (const community of levelCommunities) {
      const read = terms.read(community, sentences);
      const best = new TopItems<{ stem: number; score: number }>(KEYWORDS, (left, right) => right.score - left.score || terms.text(left.stem).localeCompare(terms.text(right.stem)));
      for (const stem of counter.count(read, community.memberIds.map(nameStems))) {
        const count = counter.of(stem);
        if (count >= 2) best.offer({ stem, score: count * Math.log(1 + levelCommunities.length / (frequency.get(stem) ?? 1)) });
      }
      keywords.set(community.id, best.items.map((item) => terms.mostUsedForm(item.stem, read)));
    }
  }
  return keywords;
}

/** The numbered stems of the words of each entity's names (its name and aliases), worked out once per entity. */
function nameStemReader(entities: Map<string, Entity>, terms: TermTable): (id: string) => readonly number[] {
  const known = new Map<string, number[]>();
  return (id) => {
    let stems = known.get(id);
    if (stems === undefined) {
      const entity = entities.get(id);
      stems = entity ? [entity.name, ...entity.aliases].flatMap((name) => words(name).map((word) => terms.idOf(stemWord(word)))) : [];
      known.set(id, stems);
    }
    return stems;
  };
}
