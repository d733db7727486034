import type { LoadedContent } from './loaded-content.js';
import { findLeadingDate, parseDate } from './parse-date.js';

const frontMatterPattern = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;
const headingPattern = /^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/m;

/**
 * Reads a Markdown file already decoded and normalised.
 * A leading `---` front-matter block is removed from the text and its `title:` and `date:` lines are used;
 * otherwise the first `# heading` is the title and a date line among the first lines is the date.
 */
export function loadMarkdown(text: string): LoadedContent {
  const frontMatter = frontMatterPattern.exec(text);
  const body = frontMatter ? text.slice(frontMatter[0].length) : text;
  const fields = frontMatter ? parseFrontMatter(frontMatter[1] ?? '') : new Map<string, string>();
  const titleField = fields.get('title');
  const dateField = fields.get('date');
  const heading = headingPattern.exec(body);
  return {
    text: body,
    title: titleField !== undefined && titleField !== '' ? titleField : (heading?.[1] ?? null),
    date: (dateField === undefined ? null : parseDate(dateField)) ?? findLeadingDate(body),
  };
}

/** Reads the simple `key: value` lines of a front-matter block; nested YAML is ignored. */
function parseFrontMatter(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const match = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    if (!match) continue;
    const key = (match[1] ?? '').toLowerCase();
    if (!fields.has(key)) fields.set(key, unquote((match[2] ?? '').trim()));
  }
  return fields;
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] ?? '') : value;
}
