import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Community, Entity } from '../../src/core/records.js';
import { communityKeywords } from '../../src/query/global/community-keywords.js';
import type { CommunitySentence } from '../../src/query/global/community-sentences.js';
import { stemWord } from '../../src/text/content-stems.js';
import { stripAccents } from '../../src/core/normalise.js';
import { isStopWord } from '../../src/text/words.js';
import { isMetaWord } from '../../src/text/question-signals.js';

function entity(id: string, name: string, aliases: string[] = []): Entity {
  return { id, type: 'Concept', name, aliases, description: '', mentionCount: 1 };
}

function community(id: string, level: number, memberIds: string[]): Community {
  return { id, level, parentId: null, memberIds, inputHash: id, report: { title: id, summary: '', keyEntities: [], keyRelations: [], findings: [], generatedBy: 'extractive' } };
}

function sentence(chunkId: string, start: number, text: string): CommunitySentence {
  return { finding: { text, chunkId, documentId: `doc-${chunkId}`, span: { start, end: start + text.length } }, stems: new Set() };
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];

/** The rule written plainly (every term map held, every list sorted): what the counting by number must give. */
function referenceKeywords(communities: Community[], sentences: Map<string, CommunitySentence[]>, entities: Map<string, Entity>): Map<string, string[]> {
  const termsOf = (item: Community) => {
    const names = new Set(item.memberIds.flatMap((id) => {
      const found = entities.get(id);
      return found ? [found.name, ...found.aliases].flatMap((name) => words(name).map((word) => stemWord(word))) : [];
    }));
    const terms = new Map<string, { count: number; forms: Map<string, number> }>();
    const seen = new Set<CommunitySentence>();
    for (const listed of sentences.get(item.id) ?? []) {
      if (seen.has(listed)) continue;
      seen.add(listed);
      const { finding } = listed;
      for (const [position, word] of words(finding.text).entries()) {
        const lower = stripAccents(word).toLowerCase();
        if (lower.length < 4 || /\d/.test(lower) || isStopWord(lower) || isMetaWord(lower) || (position > 0 && /^\p{Lu}/u.test(word))) continue;
        const stem = stemWord(word);
        if (names.has(stem)) continue;
        const term = terms.get(stem) ?? { count: 0, forms: new Map<string, number>() };
        term.count += 1;
        term.forms.set(word.toLowerCase(), (term.forms.get(word.toLowerCase()) ?? 0) + 1);
        terms.set(stem, term);
      }
    }
    return terms;
  };
  const result = new Map<string, string[]>();
  for (const level of new Set(communities.map((item) => item.level))) {
    const atLevel = communities.filter((item) => item.level === level);
    const frequency = new Map<string, number>();
    for (const item of atLevel) for (const stem of termsOf(item).keys()) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    for (const item of atLevel) {
      const ranked = [...termsOf(item)]
        .filter(([, term]) => term.count >= 2)
        .map(([stem, term]) => ({ stem, term, score: term.count * Math.log(1 + atLevel.length / (frequency.get(stem) ?? 1)) }))
        .sort((left, right) => right.score - left.score || left.stem.localeCompare(right.stem));
      result.set(item.id, ranked.slice(0, 4).map(({ term }) => [...term.forms].sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))[0]?.[0] ?? ''));
    }
  }
  return result;
}

test('community keywords: frequent in the community, rare at its level, never a member name, shown in their most used form', () => {
  const entities = new Map([entity('e1', 'Velbrook Harbour'), entity('e2', 'Corvel Dredging', ['Corvel']), entity('e3', 'Kestrel Wind')].map((item) => [item.id, item]));
  const communities = [community('c1', 0, ['e1', 'e2']), community('c2', 0, ['e3'])];
  // The sentence reader makes each sentence once, so a sentence listed twice is the same object.
  const repeated = sentence('k1', 0, 'Dredging at Velbrook Harbour deepened the channel; the channel silts quickly.');
  const sentences = new Map([
    ['c1', [
      repeated,
      sentence('k1', 80, 'Corvel Dredging reported more silting of the channels in 2023.'),
      repeated,
      sentence('k2', 0, 'Turbines and cables: the turbines need cables.'),
    ]],
    ['c2', [sentence('k3', 0, 'Kestrel Wind installed turbines; more turbines followed, with cables and cables.')]],
  ]);
  const keywords = communityKeywords(communities, sentences, entities);
  // "channel" is counted three times in c1 (the repeated sentence once), and never in c2; "dredging" names a member.
  assert.equal(keywords.get('c1')?.[0], 'channel');
  assert.ok(!keywords.get('c1')?.includes('dredging'));
  assert.ok(keywords.get('c2')?.includes('turbines'));
  assert.ok(!(keywords.get('c2') ?? []).some((word) => /kestrel|wind|\d/.test(word)));
  assert.deepEqual(keywords, referenceKeywords(communities, sentences, entities));
});

test('community keywords match the plain rule on generated communities of several levels', () => {
  const vocabulary = ['channel', 'channels', 'dredging', 'turbine', 'turbines', 'cable', 'cabling', 'berth', 'berths', 'tender', 'tenders', 'silting', 'survey', 'surveys', 'grant', 'grants', 'audit', 'audits', 'delay', 'delays', 'crane', 'cranes'];
  let state = 7;
  const next = (range: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % range;
  };
  const entities = new Map(Array.from({ length: 12 }, (_, index) => entity(`e${index}`, `Name${index} ${vocabulary[index] ?? 'Harbour'}`)).map((item) => [item.id, item]));
  const communities: Community[] = [];
  const sentences = new Map<string, CommunitySentence[]>();
  const pool = Array.from({ length: 40 }, (_, index) => sentence(`k${index % 15}`, index * 100, `The ${Array.from({ length: 6 + next(8) }, () => vocabulary[next(vocabulary.length)]).join(' ')} in 2024 near Name${next(12)}.`));
  for (let index = 0; index < 18; index++) {
    const item = community(`c${index}`, index % 3, Array.from({ length: 1 + next(4) }, () => `e${next(12)}`));
    communities.push(item);
    sentences.set(item.id, Array.from({ length: 2 + next(10) }, () => pool[next(pool.length)] as CommunitySentence));
  }
  assert.deepEqual(communityKeywords(communities, sentences, entities), referenceKeywords(communities, sentences, entities));
});
