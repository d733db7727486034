import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Rhizome } from '../../src/index.js';

/** Four invented documents: typed facts, weak links, an initial-surname merge and a short-form merge of a title ("Audit"). */
export const REVIEW_DOCUMENTS: Record<string, string> = {
  'a.txt': 'Kickoff\n\nOdile Marchetti leads the Quill project. The Quill prototypes use VR-4 sensors. Tarvo Systems supplies the VR-4 sensors.\n',
  'b.txt': 'Audit\n\nBelmont Audit reviewed the Quill project in 2024. O. Marchetti presented the results. Tarvo Systems is based in Ghent.\n',
  'c.txt': 'Site\n\nPetra Solberg manages the Ghent site. Tarvo delivered the crates to Petra Solberg.\n',
  'd.txt': 'Branch\n\nTS Group opened an office in Ghent.\n',
};

/** Writes the documents under `folder/docs` and returns that folder. */
export function writeReviewCorpus(folder: string): string {
  const docs = path.join(folder, 'docs');
  mkdirSync(docs, { recursive: true });
  for (const [name, text] of Object.entries(REVIEW_DOCUMENTS)) writeFileSync(path.join(docs, name), text);
  return docs;
}

/** What review decisions change, in a form independent of ids: entities (type, aliases) by name, relations as "source -TYPE-> target". */
export async function graphState(rhizome: Rhizome) {
  const rows = await rhizome.cypher('MATCH (e) WHERE e.mentionCount IS NOT NULL RETURN e.id AS id, e.name AS name, label(e) AS type, e.aliases AS aliases');
  const names = new Map(rows.map((row) => [String(row.id), String(row.name)]));
  const entities = Object.fromEntries(rows.map((row) => [String(row.name), { type: String(row.type), aliases: [...(row.aliases as string[])].sort() }]));
  const relations = (await rhizome.cypher('MATCH (a)-[r]->(b) WHERE r.evidence IS NOT NULL RETURN a.id AS source, label(r) AS type, b.id AS target'))
    .map((row) => `${names.get(String(row.source))} -${String(row.type)}-> ${names.get(String(row.target))}`)
    .sort();
  const merges = (await rhizome.merges()).map((merge) => `${merge.merged} → ${merge.kept} (${merge.reason})`).sort();
  return { entities, relations, merges };
}

/** The id of the entity of that name; fails the test when there is none. */
export async function entityId(rhizome: Rhizome, name: string): Promise<string> {
  const rows = await rhizome.cypher('MATCH (e) WHERE e.mentionCount IS NOT NULL AND e.name = $name RETURN e.id AS id', { name });
  if (rows.length !== 1) throw new Error(`expected one entity named ${name}, found ${rows.length}`);
  return String(rows[0]?.id);
}

/** The id of the relation between two named entities, of that type. */
export async function relationId(rhizome: Rhizome, source: string, type: string, target: string): Promise<string> {
  const rows = await rhizome.cypher('MATCH (a)-[r]->(b) WHERE r.evidence IS NOT NULL AND a.name = $source AND b.name = $target RETURN r.id AS id, label(r) AS type', { source, target });
  const found = rows.filter((row) => row.type === type);
  if (found.length !== 1) throw new Error(`expected one ${type} relation ${source} → ${target}, found ${found.length}`);
  return String(found[0]?.id);
}
