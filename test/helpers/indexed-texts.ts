import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { makeTempDir } from './temp-dir.js';

/** A workspace indexed from a few texts (file name → text) before the suite's tests and closed after them. */
export interface IndexedTexts {
  /** The workspace folder, to open it again with another configuration. */
  workspace: string;
  /** The open instance (valid once the suite's `before` has run). */
  rhizome: () => Rhizome;
}

/** Writes `files` into a temporary folder and indexes them with the default configuration, for the current suite. */
export function indexedTexts(files: Record<string, string>): IndexedTexts {
  const base = makeTempDir();
  const workspace = path.join(base, 'workspace');
  let instance: Rhizome | null = null;
  before(async () => {
    const root = path.join(base, 'documents');
    mkdirSync(root, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
    instance = createRhizome({ workspace });
    await instance.index(root);
  });
  after(() => instance?.close());
  return {
    workspace,
    rhizome: () => {
      if (!instance) throw new Error('indexedTexts: the suite has not indexed its texts yet');
      return instance;
    },
  };
}
