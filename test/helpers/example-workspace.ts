import path from 'node:path';
import { createRhizome } from '../../src/index.js';

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
