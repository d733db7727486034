import path from 'node:path';
import { nodeTypeNames, type GraphSchema } from '../config/graph-schema.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { EXTRACTIVE_REPORT_VERSION } from '../communities/extractive-report.js';
import { openGraphStore } from '../graph/open-store.js';
import { NEEDS_REINDEX_AFTER_FAILED_WRITE, NEEDS_REINDEX_AFTER_SCHEMA_CHANGE, type GraphStore } from '../graph/store.js';
import { ensureWorkspaceFolder } from '../workspace/workspace-folder.js';
import { readLiveLockHolder } from '../graph/kuzu/kuzu-lock-holder.js';
import { EXTERNAL_EXTRACTION_KEY, extractionKeyFor } from '../indexing/extract-stage.js';
import { readInterruptedRun } from '../indexing/run-checkpoint.js';
import { describeChatModel } from '../llm/model-identity.js';
import { COMMUNITY_REPORT_PROMPT_VERSION } from '../prompts/community-report-prompt.js';
import { doctorReport, type DoctorFinding, type DoctorReport } from './doctor-report.js';
import { checkGraph } from './graph-checks.js';

/** Meta key holding the schema the graph was last written under (JSON), read by `rhizome doctor`. */
export const INDEXED_SCHEMA_META = 'indexedSchema';

/** The findings that need no open store: who holds the workspace, and a run left unfinished. */
export function checkWorkspaceState(config: Pick<RhizomeConfig, 'workspace' | 'store'>): { findings: DoctorFinding[]; locked: boolean } {
  const findings: DoctorFinding[] = [];
  let locked = false;
  if (config.store.backend === 'kuzu') {
    const holder = readLiveLockHolder(path.join(config.workspace, 'graph.kuzu'));
    if (holder) {
      locked = true;
      findings.push({ check: 'lock', severity: 'action', message: `the workspace is in use by process ${holder.pid} (\`${holder.command}\`, since ${holder.since}): wait for it or stop it, then run doctor again (the other checks need the database)` });
    }
  }
  const interrupted = readInterruptedRun(config.workspace);
  if (interrupted) findings.push({ check: 'interrupted-run', severity: 'action', message: `a \`rhizome ${interrupted.kind}\` started ${interrupted.startedAt} stopped in its ${interrupted.stage} stage (killed, crashed or cancelled): run the same command again to finish it (kept extractions are not redone)` });
  return { findings, locked };
}

/**
 * `rhizome doctor`: the lock and checkpoint first (no open needed), then the store — `openStore`
 * when one is open already, else its own, closed after. A schema that differs from the one the
 * graph was written under is reported before ensureSchema could clear the entity layer.
 */
export async function diagnoseWorkspace(config: RhizomeConfig, openStore: GraphStore | null): Promise<DoctorReport> {
  const state = checkWorkspaceState(config);
  if (state.locked) return doctorReport(config.workspace, state.findings);
  ensureWorkspaceFolder(config.workspace);
  const store = openStore ?? (await openGraphStore(config));
  try {
    const recorded = await store.getMeta(INDEXED_SCHEMA_META).catch(() => null);
    const drift = recorded ? describeSchemaDrift(JSON.parse(recorded) as GraphSchema, config.schema) : [];
    if (drift.length > 0) {
      return doctorReport(config.workspace, [...state.findings, { check: 'schema-drift', severity: 'action', message: `the configured schema differs from the one the graph was written under (${drift.join('; ')}): run \`rhizome index\` to re-extract under it (doctor left the graph as it is)` }]);
    }
    if (!openStore) await store.ensureSchema(config.schema);
    return await inspectStore(store, config, state.findings);
  } finally {
    if (!openStore) await store.close();
  }
}

/** Schema types added or removed since the graph was written (from the schema recorded at write time). */
export function describeSchemaDrift(indexed: GraphSchema, current: GraphSchema): string[] {
  const names = (schema: GraphSchema) => ({ nodes: new Set(nodeTypeNames(schema)), edges: new Set(schema.edgeTypes.map((edge) => edge.name)) });
  const before = names(indexed);
  const after = names(current);
  const changes = [
    ...[...after.nodes].filter((name) => !before.nodes.has(name)).map((name) => `node type ${name} added`),
    ...[...before.nodes].filter((name) => !after.nodes.has(name)).map((name) => `node type ${name} removed`),
    ...[...after.edges].filter((name) => !before.edges.has(name)).map((name) => `edge type ${name} added`),
    ...[...before.edges].filter((name) => !after.edges.has(name)).map((name) => `edge type ${name} removed`),
  ];
  if (changes.length === 0 && JSON.stringify(indexed) !== JSON.stringify(current)) changes.push('cues, properties or edge ends changed');
  return changes;
}

/**
 * Runs every check over an open store whose schema is ensured: graph integrity and fit, orphans,
 * duplicates, hubs, communities and reports, outdated extractions, the full-text index (a probe
 * word of a stored chunk must find it) and the vectors (one per chunk and entity, from the
 * configured embedding model).
 */
export async function inspectStore(store: GraphStore, config: RhizomeConfig, earlier: DoctorFinding[]): Promise<DoctorReport> {
  const findings = [...earlier];
  const documents = await store.listDocuments();
  if (documents.length === 0) {
    findings.push({ check: 'integrity', severity: 'action', message: `the workspace holds no document: run \`rhizome index <folder>\`` });
    return doctorReport(config.workspace, findings);
  }
  const needsReindex = await store.getMeta('needsReindex');
  if (needsReindex === NEEDS_REINDEX_AFTER_SCHEMA_CHANGE) findings.push({ check: 'schema-drift', severity: 'action', message: 'the entity layer was cleared (the schema or storage layout changed): run `rhizome index`' });
  if (needsReindex === NEEDS_REINDEX_AFTER_FAILED_WRITE) findings.push({ check: 'schema-drift', severity: 'action', message: 'the last write failed or was interrupted part-way: run `rhizome index` (documents and cached extractions were kept)' });
  const projection = await store.loadProjection();
  const chunks = await store.listChunks();
  const communities = await store.listCommunities();
  const reportVersions = [EXTRACTIVE_REPORT_VERSION, ...(config.llm.provider === 'none' ? [] : [`${COMMUNITY_REPORT_PROMPT_VERSION}:${describeChatModel(config.llm).cacheIdentity}`])];
  findings.push(...checkGraph({
    schema: config.schema,
    ...projection,
    chunks: chunks.map((chunk) => ({ id: chunk.id, documentId: chunk.documentId, extractionKey: chunk.extractionKey })),
    documentIds: documents.map((document) => document.id),
    communities,
    currentExtractionKeys: [extractionKeyFor(config), EXTERNAL_EXTRACTION_KEY],
    reportVersions,
    maxClusterSize: config.communities.maxClusterSize,
  }));
  findings.push(...(await checkFullTextIndex(store, chunks)));
  findings.push(...(await checkVectors(store, config, chunks.length, projection.entities.length)));
  return doctorReport(config.workspace, findings);
}

async function checkFullTextIndex(store: GraphStore, chunks: Array<{ id: string; text: string }>): Promise<DoctorFinding[]> {
  const probes = chunks.filter((_, index) => index % Math.max(1, Math.floor(chunks.length / 5)) === 0).slice(0, 5);
  const missed: string[] = [];
  for (const chunk of probes) {
    // Words between spaces only: Kuzu's full-text tokenizer splits on spaces, not on line breaks.
    const word = chunk.text.split(' ').filter((candidate) => /^\p{L}{6,}$/u.test(candidate)).sort((left, right) => right.length - left.length || (left < right ? -1 : 1))[0];
    if (!word) continue;
    try {
      const hits = await store.searchChunks(word, 1000);
      if (!hits.some((hit) => hit.id === chunk.id)) missed.push(`"${word}" does not find ${chunk.id}`);
    } catch (error) {
      return [{ check: 'full-text-index', severity: 'action', message: `full-text search fails (${(error as Error).message}): run \`rhizome index\` to rebuild the indexes` }];
    }
  }
  return missed.length === 0 ? [] : [{ check: 'full-text-index', severity: 'action', message: `the full-text index misses stored chunks: run \`rhizome index\` to rebuild it`, items: missed }];
}

async function checkVectors(store: GraphStore, config: RhizomeConfig, chunkCount: number, entityCount: number): Promise<DoctorFinding[]> {
  if (!store.capabilities.vectorIndex || !store.vectorState) return [];
  const state = await store.vectorState();
  const configured = config.embeddings.provider !== 'none';
  if (!configured) return state.chunks > 0 ? [{ check: 'vectors', severity: 'info', message: `${state.chunks} chunk vectors from ${state.model} are stored but no embedding model is configured (vector search is off)` }] : [];
  if (state.chunks !== chunkCount || state.entities !== entityCount) {
    return [{ check: 'vectors', severity: 'action', message: `vectors cover ${state.chunks} of ${chunkCount} chunks and ${state.entities} of ${entityCount} entities: run \`rhizome index\` to embed the rest` }];
  }
  return [];
}
