import type { KuzuConnection } from './kuzu-connection.js';

/** Index names to try per table: the usual one, then alternates when a crash left the usual one's hidden tables behind. */
const ALTERNATE_NAMES = 64;

/**
 * What separates words besides spaces (RE2, Kuzu's `ignore_pattern`): Kuzu's own default list of
 * punctuation and digits, plus every whitespace character. Kuzu 0.11.3 reads this pattern only when
 * it builds an index: a row written after (an incremental write) is split by its default list,
 * without whitespace, and a multi-byte character of the pattern made deleting or updating a row the
 * build had split on it crash the process (a segmentation fault). So the columns the indexes read
 * hold every separator the default list lacks as a plain space (see searchableText), and the
 * pattern is ASCII: a row reads the same whenever it was indexed. Without that, a word next to a
 * line break or tab ("retryLimit\n\nType:") is indexed glued to it and never found, which loses the
 * headings, list items and table cells of every structured document.
 */
const WORD_SEPARATORS = String.raw`[\s0-9!@#$%^&*()_+={}\[\]:;<>,.?~\\/|'"\x{0060}-]+`;
/**
 * Separators Kuzu's default list lacks, held as spaces in the indexed columns: ASCII whitespace
 * other than the space (tab, line feed, vertical tab, form feed, carriage return), typographic spaces
 * (no-break, narrow no-break as French puts before « ; : ! ? », thin, en, em …), quotes
 * (« » ‹ › ‘ ’ ‚ “ ” „), dashes and hyphens (‐ ‑ ‒ – — ― −), the ellipsis and the line and paragraph
 * separators. Left in place, a word beside one of them ("comité\u00a0:", "voir…") is indexed glued to
 * it and never found.
 */
const EXTRA_SEPARATORS = '\t\n\v\f\r\u00a0\u2000-\u200a\u202f\u205f\u2028\u2029\u00ab\u00bb\u2039\u203a\u2018\u2019\u201a\u201c\u201d\u201e\u2010-\u2015\u2212\u2026';
const EXTRA_SEPARATOR = new RegExp(`[${EXTRA_SEPARATORS}]`, 'gu');
/** Names the way full-text indexes split words; a workspace whose indexes were built another way rebuilds them on open. */
export const FULL_TEXT_TOKENIZER = 'separators-4';

/** The text a full-text index reads for `text`: the same words, each separator the default list lacks a space. */
export function searchableText(text: string): string {
  return text.replace(EXTRA_SEPARATOR, ' ');
}

/**
 * What an entity's full-text index reads: its name twice and its aliases, as searchable text. The
 * name counts twice as it did when the name and the name-and-aliases text were indexed side by side
 * (BM25 reads an index's columns as one bag of words, so the scores are the same).
 */
export function entitySearchText(entity: { name: string; aliases: readonly string[] }): string {
  return searchableText([entity.name, entity.name, ...entity.aliases].join(' | '));
}

/** The columns each table's full-text index reads. */
export function fullTextColumnsOf(table: string): string[] {
  return table === 'Chunk' ? ['searchText'] : ['aliasText'];
}

/**
 * Fills the columns the full-text indexes of `tables` (Chunk, entity tables) read from what the rows
 * hold (a workspace indexed by an earlier version, before its indexes are built again): the same
 * text as searchableText and entitySearchText write, computed inside Kuzu.
 */
export async function refreshSearchColumns(connection: KuzuConnection, tables: readonly string[]): Promise<void> {
  const separators = `[${EXTRA_SEPARATORS}]`;
  for (const table of tables) {
    await connection.run(
      table === 'Chunk'
        ? "MATCH (c:Chunk) SET c.searchText = regexp_replace(c.text, $separators, ' ', 'g')"
        : `MATCH (e:${table}) SET e.aliasText = regexp_replace(list_to_string(' | ', [e.name, e.name] + e.aliases), $separators, ' ', 'g')`,
      { separators },
    );
  }
}

/**
 * The full-text indexes of a Kuzu database, by table. Kuzu 0.11.3 builds and drops an FTS index as
 * several auto-committed steps: a process killed half-way leaves hidden tables (`<id>_<name>_docs`)
 * or catalog entries that cannot be dropped and make that name fail forever ("already exists",
 * "not loaded yet"). A table whose index name is so blocked gets the next free alternate
 * (`chunk_fts_r1` …); SHOW_INDEXES finds it again on every open (the highest alternate wins), so
 * searches always use the index the table really has.
 */
export class KuzuFullTextIndexes {
  private byTable = new Map<string, string>();

  constructor(private readonly connection: KuzuConnection) {}

  /** Reads which index each table has now. */
  async refresh(): Promise<void> {
    const rows = await this.connection.run('CALL SHOW_INDEXES() RETURN table_name, index_name, index_type');
    this.byTable = new Map();
    for (const row of rows.filter((candidate) => String(candidate.index_type) === 'FTS')) {
      const table = String(row.table_name);
      const name = String(row.index_name);
      const known = this.byTable.get(table);
      if (known === undefined || alternateNumber(name) > alternateNumber(known)) this.byTable.set(table, name);
    }
  }

  /** The index name to query on `table` (its usual name when none is known). */
  nameOf(table: string): string {
    return this.byTable.get(table) ?? usualIndexName(table);
  }

  has(table: string): boolean {
    return this.byTable.has(table);
  }

  /** Creates the index of `table` over `columns` unless it has one. */
  async ensure(table: string, columns: string[]): Promise<void> {
    if (this.byTable.has(table)) return;
    const list = columns.map((column) => `'${column}'`).join(', ');
    let lastError: unknown = null;
    for (let attempt = 0; attempt <= ALTERNATE_NAMES; attempt += 1) {
      const name = attempt === 0 ? usualIndexName(table) : `${usualIndexName(table)}_r${attempt}`;
      try {
        await this.connection.run(`CALL CREATE_FTS_INDEX('${table}', '${name}', [${list}], ignore_pattern := '${cypherString(WORD_SEPARATORS)}')`);
        this.byTable.set(table, name);
        return;
      } catch (error) {
        // A name blocked by an interrupted build or drop: try the next one.
        lastError = error;
      }
    }
    throw lastError;
  }

  /** Drops the index of each table that has one. */
  async drop(tables: string[]): Promise<void> {
    for (const table of tables) {
      const name = this.byTable.get(table);
      if (name === undefined) continue;
      // An index half-dropped by a crash may refuse to drop again; a fresh name is taken when it is rebuilt.
      await this.connection.run(`CALL DROP_FTS_INDEX('${table}', '${name}')`).catch(() => undefined);
      this.byTable.delete(table);
    }
  }
}

/** 0 for a usual name, n for `…_fts_rn`. */
function alternateNumber(name: string): number {
  return Number(/_r(\d+)$/.exec(name)?.[1] ?? 0);
}

/** `chunk_fts` for Chunk, `person_fts` for Person. */
function usualIndexName(table: string): string {
  return `${table.toLowerCase()}_fts`;
}

/** A constant's text inside a single-quoted Cypher string (the pattern is ours, never user input). */
function cypherString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}
