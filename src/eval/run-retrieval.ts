import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { QueryMode } from '../query/context.js';
import type { Rhizome } from '../rhizome.js';
import type { RetrievalDataset } from './datasets.js';
import type { EvaluationProgress } from './run-coverage.js';
import { summarizeRetrieval, type RetrievalQuestionOutcome, type RetrievalResult } from './summary.js';

/** File name of a passage: its id, made safe for any file system. */
export function passageFileName(id: string): string {
  return `${encodeURIComponent(id).replace(/\./g, '%2E')}.txt`;
}

/** The passage id back from a document path. */
export function passageIdOf(documentPath: string): string {
  return decodeURIComponent(path.basename(documentPath, '.txt'));
}

/**
 * Writes each passage as a document (title, blank line, text) into `folder`, removing stale
 * ones, so indexing the folder indexes exactly the dataset's corpus.
 */
export function writePassageFolder(dataset: RetrievalDataset, folder: string): void {
  mkdirSync(folder, { recursive: true });
  const wanted = new Set(dataset.corpus.map((passage) => passageFileName(passage.id)));
  for (const name of readdirSync(folder)) if (!wanted.has(name)) rmSync(path.join(folder, name), { force: true });
  for (const passage of dataset.corpus) writeFileSync(path.join(folder, passageFileName(passage.id)), `${passage.title}\n\n${passage.text}\n`);
}

/**
 * Recall@k of each method (HippoRAG's protocol): for every question, the method's ranking of
 * chunks is mapped to distinct passages, and the supporting passages found in the top k count.
 */
export async function runRetrievalEvaluation(rhizome: Rhizome, dataset: RetrievalDataset, methods: readonly QueryMode[], cutoffs: readonly number[], onProgress?: EvaluationProgress): Promise<RetrievalResult> {
  const outcomes: RetrievalQuestionOutcome[] = [];
  for (const method of methods) {
    let done = 0;
    for (const question of dataset.questions) {
      const context = await rhizome.retrieve(question.question, { mode: method });
      const passageOfChunk = await rhizome.chunkSources(context.rankedChunkIds);
      const retrievedIds: string[] = [];
      for (const chunkId of context.rankedChunkIds) {
        const documentPath = passageOfChunk.get(chunkId);
        if (!documentPath) continue;
        const passageId = passageIdOf(documentPath);
        if (!retrievedIds.includes(passageId)) retrievedIds.push(passageId);
      }
      outcomes.push({ method, retrievedIds, supportingIds: question.supporting });
      done += 1;
      onProgress?.({ method, done, total: dataset.questions.length });
    }
  }
  return summarizeRetrieval(outcomes, cutoffs);
}
