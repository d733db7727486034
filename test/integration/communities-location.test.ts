import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const PASSAGES = 300;

const SYLLABLES = ['ba', 'kor', 'ri', 'tal', 'men', 'so', 'vun', 'dar', 'el', 'fi', 'gan', 'hol', 'ju', 'ka', 'lor', 'mi'];

/** An invented capitalised word, fixed for its number. */
function word(number: number): string {
  const text = [number % 16, Math.floor(number / 16) % 16, Math.floor(number / 256) % 16].map((index) => SYLLABLES[index]).join('');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Writes a generated corpus of firms, their people, towns and suppliers: enough links for a many-community partition. */
function writeCorpus(folder: string): void {
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < PASSAGES; index += 1) {
    const firm = `${word(index + 300)} Systems`;
    const partner = `${word(((index * 7) % PASSAGES) + 300)} Systems`;
    const person = `${word(index % 90 + 40)} ${word(index % 70 + 1000)}`;
    const town = word(index % 30 + 2000);
    const text = `${person} leads ${firm}, which is based in ${town}. ${firm} supplies sensors to ${partner}. ${person} met ${word((index * 3) % 90 + 40)} ${word((index * 3) % 70 + 1000)} in ${town}.`;
    writeFileSync(path.join(folder, `passage-${index}.txt`), `${firm}\n\n${text}\n`);
  }
}

/** Indexes the corpus written under `folder`; returns its communities as (id, level, parent, sorted members). */
async function communitiesIndexedFrom(folder: string, workspace: string) {
  writeCorpus(folder);
  const rhizome = createRhizome({ workspace });
  try {
    await rhizome.index(folder);
    const communities = await rhizome.communities();
    return communities.map(({ id, level, parentId, memberIds }) => ({ id, level, parentId, memberIds: [...memberIds].sort() })).sort((left, right) => left.id.localeCompare(right.id));
  } finally {
    await rhizome.close();
  }
}

test('the same documents give the same communities, with the same ids, wherever their folder lives', async () => {
  const base = makeTempDir();
  const here = await communitiesIndexedFrom(path.join(base, 'docs'), path.join(base, 'one'));
  const elsewhere = await communitiesIndexedFrom(path.join(base, 'a', 'much', 'deeper', 'copy'), path.join(base, 'two'));
  assert.ok(here.length >= 20, `the corpus forms many communities (${here.length})`);
  assert.deepEqual(elsewhere, here);
});
