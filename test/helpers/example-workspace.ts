import { cpSync } from 'node:fs';
import path from 'node:path';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from './temp-dir.js';

/** The example corpus bundled with the package. */
export const EXAMPLE_CORPUS = path.resolve(import.meta.dirname, '..', '..', 'examples', 'harbour-robotics');
/** The README's example question, answered by chaining three of its documents. */
export const EXAMPLE_QUESTION = 'Which company supplies the sensor used by the programme led by Jonas Berg?';

/** Indexes the example corpus offline into `workspace` and closes it again. */
export async function indexExample(workspace: string): Promise<void> {
  const rhizome = createRhizome({ workspace });
  try {
    await rhizome.index(EXAMPLE_CORPUS);
  } finally {
    await rhizome.close();
  }
}

/** A copy of the example corpus in a folder of its own (to add documents to), a workspace, and a function indexing the folder offline into it (and closing it again). */
export function copiedExample(): { folder: string; workspace: string; index: () => Promise<void> } {
  const folder = path.join(makeTempDir(), 'documents');
  cpSync(EXAMPLE_CORPUS, folder, { recursive: true });
  const workspace = path.join(makeTempDir(), 'workspace');
  const index = async () => {
    const rhizome = createRhizome({ workspace });
    try {
      await rhizome.index(folder);
    } finally {
      await rhizome.close();
    }
  };
  return { folder, workspace, index };
}
