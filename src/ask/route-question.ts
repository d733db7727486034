import type { RetrievalMode } from '../core/retrieval-context.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';

/** The mode chosen for a question and why. */
export interface Route {
  mode: RetrievalMode;
  reason: string;
}

/** Cheap signals about a question, gathered before any retrieval. */
export interface QuestionSignals {
  /** Names of the entities the question names (linked in the graph). */
  namedEntities: string[];
  /** Whether the workspace has community reports. */
  hasCommunities: boolean;
  /** Whether a chat model can write Cypher (text-to-Cypher needs one). */
  canWriteCypher?: boolean;
  /** True when the question names only the corpus's background subject and asks for a kind of thing the graph holds none of ("which logger does Velbrook use" in its own documentation): passages answer it. */
  asksBeyondGraph?: boolean;
}

/**
 * Chooses a retrieval mode from cheap signals: counting or aggregate wording with a chat model →
 * cypher; corpus-wide or list-everything wording → global
 * (community reports); named entities → local (graph walk and relation paths, with time
 * preferences for temporal wording); no entity: risks or problems in the plural → global (themes),
 * else hybrid (nearest passages plus the community reports of the entities they mention, seed
 * 003's exercise).
 */
export function routeQuestion(analysis: QuestionAnalysis, signals: QuestionSignals): Route {
  const named = signals.namedEntities;
  const wording = analysis.signals;
  if (signals.canWriteCypher && wording.aggregate) return { mode: 'cypher', reason: 'counts or aggregates over the graph: answered by read-only Cypher queries' };
  if (signals.hasCommunities && wording.corpusWide) return { mode: 'global', reason: 'corpus-wide wording: answered from community reports' };
  if (signals.hasCommunities && wording.list) return { mode: 'global', reason: 'asks for every item of a kind: answered from community reports' };
  if (named.length > 0 && signals.asksBeyondGraph === true) {
    return { mode: 'naive', reason: `names only ${named.slice(0, 3).join(', ')}${named.length > 3 ? '…' : ''}, which most documents mention, and asks for a kind of thing no entity of the graph is: nearest passages` };
  }
  if (named.length > 0) {
    const temporal = wording.temporalWording ? ', temporal wording: recent or dated facts preferred' : '';
    return { mode: 'local', reason: `names ${named.slice(0, 3).join(', ')}${named.length > 3 ? '…' : ''}: follows relations from them${temporal}` };
  }
  if (signals.hasCommunities && wording.concernsInGeneral) return { mode: 'global', reason: 'asks about risks or problems and names no entity: themes from the community reports' };
  if (signals.hasCommunities) return { mode: 'hybrid', reason: 'names no known entity: nearest passages plus the community reports of the entities they mention' };
  return { mode: 'naive', reason: 'names no known entity and the workspace has no communities: nearest passages' };
}
