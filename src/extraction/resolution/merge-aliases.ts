import type { MergeRecord } from '../../core/records.js';
import { findFuzzyPairs } from './fuzzy-pairs.js';
import type { NameStatistics } from './name-statistics.js';
import { UnionFind } from './union-find.js';
import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';
import { groupBy } from '../../core/group-by.js';
import { coordinationWords } from '../../text/words.js';

/** Options of alias merging (from the `resolution` config). */
export interface AliasMergeOptions {
  mergeSurnames: boolean;
  mergeAcronyms: boolean;
  fuzzyThreshold: number;
  /** Node types whose names are people's names (schema cue shape "person-name"). */
  personTypes: ReadonlySet<string>;
}

/**
 * Merges a reviewer decided, by normalised name: `join` pairs are merged before any rule, and no
 * merge (by rule or joined) may bring a `keepApart` pair into one entity. Pairs naming a key the
 * corpus no longer holds are ignored.
 */
export interface MergeConstraints {
  join: Array<[string, string]>;
  keepApart: Array<[string, string]>;
}

/** No reviewer decision: the rules alone decide. */
export const NO_MERGE_CONSTRAINTS: MergeConstraints = { join: [], keepApart: [] };

/** A pending merge with its reason, recorded by key before entity ids exist. */
export interface KeyMerge {
  kept: string;
  merged: string;
  reason: MergeRecord['reason'];
}

/**
 * Groups normalised names that denote one entity: declared acronyms, initial + surname
 * ("t wierzba" → "tomasz wierzba"), a surname or a first name alone when only one person carries it, a first
 * or last word alone when only one longer name starts or ends with it ("Brevik" → "Brevik Rail
 * Controls", "the Board" → "… Water Board", but not "MySQL" → "Kestrel MySQL", two names side by side,
 * nor "Quayford" → "Millbeck and Quayford", two names coordinated;
 * a code, "KX-40" → "KX-40 Lidar"), and near-identical long names
 * (merged before the short forms, so that "Tamsin Freight" and "Tamsin Freight Ltd" count as
 * one longer name of "Tamsin"). Every merge is returned with its reason.
 */
export function mergeAliases(names: Map<string, NameStatistics>, types: Map<string, string>, options: AliasMergeOptions, constraints: MergeConstraints = NO_MERGE_CONSTRAINTS): { sets: UnionFind; merges: KeyMerge[] } {
  const sets = new UnionFind();
  const merges: KeyMerge[] = [];
  const known = ([left, right]: [string, string]) => names.has(left) && names.has(right);
  const apart = constraints.keepApart.filter(known);
  // Would joining these two sets put a pair the reviewer split into one entity?
  const forbidden = (left: string, right: string) => {
    const [leftRoot, rightRoot] = [sets.find(left), sets.find(right)];
    return apart.some(([first, second]) => {
      const [firstRoot, secondRoot] = [sets.find(first), sets.find(second)];
      return (firstRoot === leftRoot && secondRoot === rightRoot) || (firstRoot === rightRoot && secondRoot === leftRoot);
    });
  };
  const merge = (kept: string, merged: string, reason: KeyMerge['reason']) => {
    if (apart.length > 0 && forbidden(kept, merged)) return;
    if (sets.union(kept, merged)) merges.push({ kept, merged, reason });
  };
  const keys = [...names.keys()].sort();
  keys.forEach((key) => sets.add(key));
  for (const pair of constraints.join.filter(known)) merge(pair[0], pair[1], 'review');

  if (options.mergeAcronyms) {
    for (const key of keys) for (const target of names.get(key)?.aliasOf ?? []) if (names.has(target)) merge(target, key, 'acronym');
  }

  const fullPersonNames = keys.filter((key) => options.personTypes.has(types.get(key) ?? '') && key.split(' ').length >= 2 && (key.split(' ')[0] ?? '').length > 1);
  const bySurname = groupBy(fullPersonNames, (key) => key.split(' ').slice(-1)[0] as string);
  const byGivenName = groupBy(fullPersonNames, (key) => key.split(' ')[0] as string);
  for (const key of keys) {
    const parts = key.split(' ');
    if (parts.length === 2 && (parts[0] as string).length === 1) {
      const candidates = (bySurname.get(parts[1] as string) ?? []).filter((full) => full.startsWith(parts[0] as string));
      if (candidates.length === 1) merge(candidates[0] as string, key, 'initial-surname');
    }
  }

  if (options.fuzzyThreshold < 1) {
    for (const [first, second] of findFuzzyPairs(keys, types, options.fuzzyThreshold)) merge(first, second, 'fuzzy');
  }
  if (options.mergeSurnames) {
    const longNames = keys.filter((key) => key.split(' ').length >= 2 && !options.personTypes.has(types.get(key) ?? '') && !coordinatesNames(key, names));
    const byFirstWord = groupBy(longNames, (key) => key.split(' ')[0] as string);
    const byLastWord = groupBy(longNames, (key) => key.split(' ').slice(-1)[0] as string);
    for (const key of keys) {
      const type = types.get(key);
      if (/\d/.test(key)) {
        // A code alone ("KX-40") is the one longer name that starts with it ("KX-40 Lidar" units), of its type; a bare number or year is no name.
        if (!/\p{L}/u.test(key)) continue;
        const longer = distinctSets((byFirstWord.get(key.split(' ')[0] as string) ?? []).filter((other) => other.startsWith(`${key} `)), sets);
        if (longer.length === 1 && (type === FALLBACK_NODE_TYPE || type === types.get(longer[0] as string))) merge(longer[0] as string, key, 'short-form');
        continue;
      }
      if (key.includes(' ')) continue;
      // Names already merged (say "greyline haulage" and "greyline haulage ltd") count once.
      const people = distinctSets(bySurname.get(key) ?? [], sets);
      const longer = distinctSets(byFirstWord.get(key) ?? [], sets);
      const personLike = options.personTypes.has(type ?? '') || type === FALLBACK_NODE_TYPE;
      // A first name alone ("Alex") when one person only carries it and no other name starts or ends with it ("Alex Mercer").
      const givenTo = distinctSets(byGivenName.get(key) ?? [], sets);
      if (people.length === 1 && longer.length === 0 && personLike) merge(people[0] as string, key, 'surname');
      else if (givenTo.length === 1 && people.length === 0 && longer.length === 0 && (byLastWord.get(key) ?? []).length === 0 && personLike) merge(givenTo[0] as string, key, 'first-name');
      else if (longer.length === 1 && people.length === 0 && (type === FALLBACK_NODE_TYPE || type === types.get(longer[0] as string))) merge(longer[0] as string, key, 'short-form');
      else if (longer.length === 0 && people.length === 0) {
        const headed = distinctSets(byLastWord.get(key) ?? [], sets);
        if (headed.length === 1 && (type === FALLBACK_NODE_TYPE || type === types.get(headed[0] as string)) && !namesAnother(headed[0] as string, key, names, types)) merge(headed[0] as string, key, 'short-form');
      }
    }
  }

  return { sets, merges };
}

/**
 * "Kestrel MySQL", "Orrin Ruby": an untyped long name whose leading words are a name of their own
 * puts two names side by side; it is not the long form of its last word.
 */
function namesAnother(long: string, short: string, names: ReadonlyMap<string, NameStatistics>, types: ReadonlyMap<string, string>): boolean {
  if (types.get(long) !== FALLBACK_NODE_TYPE) return false;
  return names.has(long.slice(0, long.length - short.length - 1));
}

/** "Millbeck and Quayford", when both are names of the corpus: two names coordinated, the long form of neither. */
function coordinatesNames(key: string, names: ReadonlyMap<string, NameStatistics>): boolean {
  const words = key.split(' ');
  const at = words.findIndex((word) => coordinationWords().has(word));
  return at > 0 && at < words.length - 1 && names.has(words.slice(0, at).join(' ')) && names.has(words.slice(at + 1).join(' '));
}

/** One name per merged set (the first seen), so that a set's several spellings count once. */
function distinctSets(keys: string[], sets: UnionFind): string[] {
  const seen = new Map<string, string>();
  for (const key of keys) if (!seen.has(sets.find(key))) seen.set(sets.find(key), key);
  return [...seen.values()];
}
