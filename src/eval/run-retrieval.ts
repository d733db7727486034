import type { QueryMode } from '../core/retrieval-context.js';
import type { Rhizome } from '../rhizome.js';
import type { RetrievalDataset } from './datasets.js';
import { documentIdOf } from './document-folder.js';
import type { EvaluationProgress } from './run-coverage.js';
import { summarizeRetrieval, type RetrievalQuestionOutcome, type RetrievalResult } from './summary.js';

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
        const passageId = documentIdOf(documentPath);
        if (!retrievedIds.includes(passageId)) retrievedIds.push(passageId);
      }
      outcomes.push({ method, retrievedIds, supportingIds: question.supporting });
      done += 1;
      onProgress?.({ method, done, total: dataset.questions.length });
    }
  }
  return summarizeRetrieval(outcomes, cutoffs);
}
