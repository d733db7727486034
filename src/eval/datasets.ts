import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { RhizomeError } from '../errors/rhizome-error.js';

/** A question kind: a hop count (1, 2, 3, …) or a named kind such as "temporal" or "global", kept as written. */
export type HopKind = number | string;

/** A question scored by answer coverage: the answer should contain every `expected` item. */
export interface CoverageQuestion {
  id: string;
  question: string;
  expected: string[];
  hops: HopKind;
  /** The date the question is asked as of (valid time), when the question does not write it. */
  asOf?: string;
}

/** A document shipped with a coverage question set. */
export interface CoverageDocument {
  id: string;
  title?: string;
  date?: string | null;
  text: string;
}

/** One end of a fact named for checking: its edge type and the names of its two entities. */
export interface FactName {
  type: string;
  source: string;
  target: string;
}

/** A fact that a newer one should close (supersede), and the fact that should close it. */
export interface InvalidationTruth {
  closed: FactName;
  closedBy: FactName;
}

/** A coverage question set; `documents` is empty when the file holds only questions, `invalidations` when it carries no such truth. */
export interface CoverageDataset {
  questions: CoverageQuestion[];
  documents: CoverageDocument[];
  /** Facts a newer one should close, when the set carries that truth (read by the invalidation check). */
  invalidations?: InvalidationTruth[];
}

/** A passage of a retrieval corpus. */
export interface RetrievalPassage {
  id: string;
  title: string;
  text: string;
}

/** A question scored by passage recall: `supporting` are corpus ids that together answer it. */
export interface RetrievalQuestion {
  id: string;
  question: string;
  supporting: string[];
  answers?: string[];
  hops?: HopKind;
}

/** A retrieval benchmark: a passage corpus and questions whose supporting ids all exist in it. */
export interface RetrievalDataset {
  corpus: RetrievalPassage[];
  questions: RetrievalQuestion[];
}

const nonBlankString = z.string().refine((value) => value.trim() !== '');
const nonBlankStrings = z.array(nonBlankString).min(1);
const hopKindSchema = z.union([z.number().int().positive(), nonBlankString]);

interface EntryRule<T> {
  schema: z.ZodType<T>;
  /** What each field must be, finishing the sentence `field "x" must be …`. */
  fieldRules: Record<string, string>;
}

const isoDate = z.string().regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/);

const coverageQuestionRule: EntryRule<CoverageQuestion> = {
  schema: z.object({ id: nonBlankString, question: nonBlankString, expected: nonBlankStrings, hops: hopKindSchema, asOf: isoDate.optional() }),
  fieldRules: {
    id: 'a non-empty string',
    question: 'a non-empty string',
    expected: 'a non-empty array of non-blank strings',
    hops: 'a positive integer or a non-empty string (1, 2, 3, "temporal", "global", …)',
    asOf: 'an ISO date (2024, 2024-06 or 2024-06-01) when present',
  },
};

const factNameSchema = z.object({ type: nonBlankString, source: nonBlankString, target: nonBlankString });

/** Invalidation truths carry no id: each is labelled by its position. */
const invalidationTruthRule: EntryRule<InvalidationTruth & { id: string }> = {
  schema: z.object({ id: z.string(), closed: factNameSchema, closedBy: factNameSchema }),
  fieldRules: {
    closed: 'an object {type, source, target} of non-empty strings (the fact a newer one closes)',
    closedBy: 'an object {type, source, target} of non-empty strings (the fact that closes it)',
  },
};

const coverageDocumentRule: EntryRule<CoverageDocument> = {
  schema: z.object({ id: nonBlankString, title: z.string().optional(), date: z.string().nullable().optional(), text: z.string() }),
  fieldRules: { id: 'a non-empty string', title: 'a string', date: 'a string or null', text: 'a string' },
};

const retrievalPassageRule: EntryRule<RetrievalPassage> = {
  schema: z.object({ id: nonBlankString, title: z.string(), text: z.string() }),
  fieldRules: { id: 'a non-empty string', title: 'a string', text: 'a string' },
};

const retrievalQuestionRule: EntryRule<RetrievalQuestion> = {
  schema: z.object({
    id: nonBlankString,
    question: nonBlankString,
    supporting: nonBlankStrings,
    answers: z.array(z.string()).optional(),
    hops: hopKindSchema.optional(),
  }),
  fieldRules: {
    id: 'a non-empty string',
    question: 'a non-empty string',
    supporting: 'a non-empty array of corpus ids',
    answers: 'an array of strings when present',
    hops: 'a positive integer or a non-empty string when present',
  },
};

/**
 * Reads a coverage question set: a JSON array of `{id, question, expected, hops}` or an object with a
 * `questions` array and an optional `documents` array. Throws INPUT_NOT_FOUND or INPUT_INVALID with a
 * message naming the file, the entry (index and id) and the field at fault.
 */
export async function loadCoverageQuestions(path: string): Promise<CoverageDataset> {
  const root = await readJsonFile(path);
  if (Array.isArray(root)) return { questions: validateEntries(path, '', root, coverageQuestionRule), documents: [], invalidations: [] };
  if (!isRecord(root) || !Array.isArray(root.questions)) {
    throw invalid(path, 'expected a JSON array of questions or an object with a "questions" array', {});
  }
  if (root.documents !== undefined && !Array.isArray(root.documents)) {
    throw invalid(path, 'field "documents" must be an array when present', { field: 'documents' });
  }
  if (root.invalidations !== undefined && !Array.isArray(root.invalidations)) {
    throw invalid(path, 'field "invalidations" must be an array when present', { field: 'invalidations' });
  }
  const truths = (root.invalidations ?? []).map((entry, index) => (isRecord(entry) ? { ...entry, id: String(index) } : entry));
  return {
    questions: validateEntries(path, 'questions', root.questions, coverageQuestionRule),
    documents: validateEntries(path, 'documents', root.documents ?? [], coverageDocumentRule),
    invalidations: validateEntries(path, 'invalidations', truths, invalidationTruthRule).map(({ closed, closedBy }) => ({ closed, closedBy })),
  };
}

/**
 * Reads a retrieval benchmark `{corpus: [{id, title, text}], questions: [{id, question, supporting, answers?, hops?}]}`
 * and checks that every supporting id names a corpus passage; errors name the file, entry and field.
 */
export async function loadRetrievalDataset(path: string): Promise<RetrievalDataset> {
  const root = await readJsonFile(path);
  if (!isRecord(root) || !Array.isArray(root.corpus) || !Array.isArray(root.questions)) {
    throw invalid(path, 'expected an object with a "corpus" array and a "questions" array', {});
  }
  const corpus = validateEntries(path, 'corpus', root.corpus, retrievalPassageRule);
  const questions = validateEntries(path, 'questions', root.questions, retrievalQuestionRule);
  const passageIds = new Set(corpus.map((passage) => passage.id));
  questions.forEach((question, index) => {
    const unknownId = question.supporting.find((id) => !passageIds.has(id));
    if (unknownId !== undefined) {
      throw invalid(path, `${entryLabel('questions', index, question.id)}: field "supporting" refers to ${JSON.stringify(unknownId)}, which is not a corpus id`, {
        list: 'questions',
        index,
        id: question.id,
        field: 'supporting',
      });
    }
  });
  return { corpus, questions };
}

/** Validates each entry against its rule and rejects duplicate ids; `list` is '' for a top-level array. */
function validateEntries<T extends { id: string }>(path: string, list: string, entries: unknown[], rule: EntryRule<T>): T[] {
  const firstIndexById = new Map<string, number>();
  return entries.map((entry, index) => {
    const rawId = isRecord(entry) && typeof entry.id === 'string' ? entry.id : undefined;
    const label = entryLabel(list, index, rawId);
    const parsed = rule.schema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      if (!isRecord(entry) || typeof field !== 'string') throw invalid(path, `${label}: must be an object`, { list, index });
      const requirement = rule.fieldRules[field] ?? 'valid';
      throw invalid(path, `${label}: field "${field}" must be ${requirement} (got ${describeValue(entry[field])})`, { list, index, id: rawId, field });
    }
    const earlier = firstIndexById.get(parsed.data.id);
    if (earlier !== undefined) {
      throw invalid(path, `${label}: field "id" repeats the id of ${entryLabel(list, earlier, undefined)}`, { list, index, id: rawId, field: 'id' });
    }
    firstIndexById.set(parsed.data.id, index);
    return parsed.data;
  });
}

async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new RhizomeError(missing ? 'INPUT_NOT_FOUND' : 'INPUT_INVALID', `${path}: ${missing ? 'file not found' : 'cannot be read'}`, {
      cause: error,
      details: { file: path },
    });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = locateJsonSyntaxError(text, message);
    const { line, column } = lineAndColumn(text, offset);
    throw new RhizomeError('INPUT_INVALID', `${path}: not valid JSON at line ${line}, column ${column} (position ${offset}): ${message}`, {
      cause: error,
      details: { file: path, position: offset, line, column },
    });
  }
}

const POSITION_IN_MESSAGE = /at position (\d+)/;

/**
 * Offset of the first syntax error. V8 reports a position for most errors but not for "Unexpected token";
 * then the shortest failing prefix is found by bisection (a prefix fails for the real error, never for
 * merely ending early), and the error is its last character.
 */
function locateJsonSyntaxError(text: string, message: string): number {
  const reported = POSITION_IN_MESSAGE.exec(message)?.[1];
  if (reported !== undefined) return Number(reported);
  if (message.includes('end of JSON input')) return text.length;
  const failsBefore = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      const prefixMessage = error instanceof Error ? error.message : '';
      if (prefixMessage.includes('end of JSON input')) return false;
      const position = POSITION_IN_MESSAGE.exec(prefixMessage)?.[1];
      return position === undefined || Number(position) < length;
    }
  };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsBefore(middle)) high = middle;
    else low = middle + 1;
  }
  return Math.max(0, low - 1);
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

function entryLabel(list: string, index: number, id: string | undefined): string {
  return `${list}[${index}]${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing: the field is missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}: ${truncate(JSON.stringify(value))}`;
  if (typeof value === 'object') return 'an object';
  return truncate(JSON.stringify(value));
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(path: string, problem: string, details: Record<string, unknown>): RhizomeError {
  return new RhizomeError('INPUT_INVALID', `${path}: ${problem}`, { details: { file: path, ...details } });
}
