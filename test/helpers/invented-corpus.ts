import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FIRST = ['Ada', 'Bram', 'Cleo', 'Dario', 'Elin', 'Faro', 'Gita', 'Hugo', 'Ines', 'Jarl', 'Kira', 'Lorcan'];
const LAST = ['Quill', 'Marrow', 'Testud', 'Vannier', 'Okafor', 'Lindqvist', 'Perrault', 'Szabo', 'Ibarra', 'Holm'];
const PROJECTS = ['Osprey', 'Petrel', 'Gannet', 'Kestrel', 'Merlin', 'Plover', 'Tern', 'Avocet'];
const PRODUCTS = ['QX-4', 'RM-12', 'TL-7', 'ZP-3', 'KV-9', 'NB-5'];
const COMPANIES = ['Brightwater Optics', 'Calder Systems', 'Dunmore Components', 'Eskdale Labs', 'Fallowfield Ltd', 'Glenrock Devices'];
const CITIES = ['Tromsø', 'Ghent', 'Porto', 'Turku', 'Bergen', 'Nantes'];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/**
 * Writes `count` short invented documents (people leading projects, projects using products,
 * companies supplying them, sites in cities) into `folder`: names that appear in no development
 * corpus, deterministic, with cross-document chains and repeated names so resolution merges.
 */
export function writeInventedCorpus(folder: string, count: number): string {
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < count; index += 1) {
    const person = `${pick(FIRST, index)} ${pick(LAST, index * 7 + 3)}`;
    const project = pick(PROJECTS, index * 3);
    const product = pick(PRODUCTS, index * 5 + 1);
    const company = pick(COMPANIES, index * 2 + 1);
    const city = pick(CITIES, index);
    const month = (index % 12) + 1;
    const text = [
      `${project} update ${index + 1}`,
      `2024-${String(month).padStart(2, '0')}-15`,
      '',
      `${person} leads the ${project} project. The ${project} prototypes use ${product} modules supplied by ${company}.`,
      `${company} opened a factory in ${city} in ${2018 + (index % 6)}. ${person.split(' ')[0]} ${person.split(' ')[1]} visited the ${city} site in March 2024.`,
      `The ${product} modules passed the vibration tests. ${pick(FIRST, index + 4)} ${pick(LAST, index + 2)} reviewed the results for the ${project} team.`,
    ].join('\n');
    writeFileSync(path.join(folder, `note-${String(index).padStart(3, '0')}.txt`), `${text}\n`);
  }
  return folder;
}
