import type { Nodes, Parents, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { LoadedContent } from './loaded-content.js';
import { findLeadingDate, parseDate } from './parse-date.js';
import { StructuredTextBuilder } from './structured-text.js';
import { walkHtmlFragment } from './walk-html.js';

const frontMatterPattern = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;
const closingFence = /^[ \t]*(?:`{3,}|~{3,})[ \t]*$/;

/**
 * Reads a Markdown file (CommonMark with GitHub tables, task lists and strikethrough) already decoded and
 * normalised. The text is the file with its markup blanked out — `#`, emphasis marks, link targets, images,
 * table pipes, fences and raw HTML tags — so offsets point into the file; headings, paragraphs, list items,
 * code blocks and tables are its blocks, link URLs its links. A leading `---` front-matter block is blanked
 * too, but for its `title:` (the page's heading when the body has no level-1 heading) and `description:` (its
 * first paragraph); its `title:` and `date:` lines are used, otherwise the first level-1 heading is the title
 * and a date line among the first lines is the date.
 */
export function loadMarkdown(text: string): LoadedContent {
  const frontMatter = frontMatterPattern.exec(text);
  const frontLength = frontMatter ? frontMatter[0].length : 0;
  const source = blankContainerFences(frontLength > 0 ? text.slice(0, frontLength).replace(/[^\n]/g, ' ') + text.slice(frontLength) : text);
  const fields = frontMatter ? parseFrontMatter(frontMatter[1] ?? '', frontMatter[0].indexOf('\n') + 1) : new Map<string, FrontMatterField>();
  const tree = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const builder = new StructuredTextBuilder(text);
  const definitions = new Map<string, string>();
  collectDefinitions(tree, definitions);
  addFrontMatterText(fields, builder, !tree.children.some((node) => node.type === 'heading' && node.depth === 1));
  walkMarkdown(tree, { source, builder, definitions, inListItem: false, inPhrasing: false });
  const structured = builder.build();
  const titleField = fields.get('title')?.value;
  const dateField = fields.get('date')?.value;
  return {
    text: structured.text,
    title: titleField !== undefined && titleField !== '' ? titleField : (structured.headings.find((heading) => heading.level === 1)?.text ?? null),
    date: (dateField === undefined ? null : parseDate(dateField)) ?? findLeadingDate(structured.text),
    blocks: structured.blocks,
    links: structured.links,
  };
}

interface MarkdownWalk {
  source: string;
  builder: StructuredTextBuilder;
  definitions: Map<string, string>;
  inListItem: boolean;
  /** Inside a paragraph, heading or table cell, where raw HTML is a lone tag. */
  inPhrasing: boolean;
}

function walkMarkdown(node: Nodes, walk: MarkdownWalk): void {
  const start = node.position?.start.offset ?? -1;
  const end = node.position?.end.offset ?? -1;
  const { builder } = walk;
  switch (node.type) {
    case 'heading':
      builder.startBlock('heading', node.depth);
      walkChildren(node, { ...walk, inPhrasing: true });
      builder.endBlock();
      return;
    case 'paragraph':
      builder.startBlock(walk.inListItem ? 'list-item' : 'paragraph');
      walkChildren(node, { ...walk, inPhrasing: true });
      builder.endBlock();
      return;
    case 'listItem':
      walkChildren(node, { ...walk, inListItem: true });
      return;
    case 'text':
      builder.addText(start, end, node.value);
      return;
    case 'inlineCode':
      addInlineCode(walk, start, end, node.value);
      return;
    case 'code':
      builder.startBlock('code');
      addCodeContent(walk, start, end, node.value);
      builder.endBlock();
      return;
    case 'table':
      builder.startBlock('table');
      node.children.forEach((row, index) => {
        if (index > 0) builder.breakLine();
        walkMarkdown(row, { ...walk, inPhrasing: true });
      });
      builder.endBlock();
      return;
    case 'html':
      // Raw HTML between blocks is read as HTML; inline tags hold no text of their own.
      if (start >= 0 && !walk.inPhrasing) walkHtmlFragment(walk.source.slice(start, end), start, builder);
      return;
    case 'link':
      walkChildren(node, walk);
      builder.addLink({ text: plainText(node), url: node.url, start, end });
      return;
    case 'linkReference':
      walkChildren(node, walk);
      builder.addLink({ text: plainText(node), url: walk.definitions.get(node.identifier) ?? '', start, end });
      return;
    case 'image':
    case 'imageReference':
    case 'definition':
    case 'footnoteReference':
    case 'break':
    case 'thematicBreak':
      return;
    default:
      if ('children' in node) walkChildren(node, walk);
  }
}

function walkChildren(node: Parents, walk: MarkdownWalk): void {
  for (const child of node.children as RootContent[]) walkMarkdown(child, walk);
}

function addInlineCode(walk: MarkdownWalk, start: number, end: number, value: string): void {
  const raw = walk.source.slice(start, end);
  const at = value === '' ? -1 : raw.indexOf(value);
  if (at >= 0) {
    walk.builder.addText(start + at, start + at + value.length);
    return;
  }
  const ticks = /^`+/.exec(raw)?.[0].length ?? 0;
  walk.builder.addText(start + ticks, end - ticks, value);
}

/** Keeps a code block's content lines verbatim (indentation included); fences and info strings are blanked. */
function addCodeContent(walk: MarkdownWalk, start: number, end: number, value: string): void {
  if (value.trim() === '' || start < 0) return;
  const raw = walk.source.slice(start, end);
  const fenced = /^[ \t]*(?:`{3,}|~{3,})/.test(raw);
  let contentStart = 0;
  let contentEnd = raw.length;
  if (fenced) {
    contentStart = raw.indexOf('\n') + 1;
    const lastNewline = raw.lastIndexOf('\n');
    if (lastNewline >= contentStart && closingFence.test(raw.slice(lastNewline + 1))) contentEnd = lastNewline;
    if (contentStart === 0) return;
  }
  const at = raw.indexOf(value, contentStart);
  if (at >= 0 && at + value.length <= contentEnd) walk.builder.addText(start + at, start + at + value.length);
  else walk.builder.addText(start + contentStart, start + contentEnd, value);
}

function collectDefinitions(node: Nodes, definitions: Map<string, string>): void {
  if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node.url);
  if ('children' in node) for (const child of node.children as RootContent[]) collectDefinitions(child, definitions);
}

/** The text of a node's descendants, whitespace collapsed. */
function plainText(node: Nodes): string {
  if ('value' in node && node.type !== 'html') return node.value;
  if ('children' in node) return (node.children as RootContent[]).map(plainText).join('').replace(/\s+/g, ' ').trim();
  return '';
}

const containerFence = /^ {0,3}:{3,}/;
const codeFence = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Blanks the fence lines of the containers documentation sites add to Markdown (VitePress, Docusaurus:
 * `::: tip Note`, `:::warning`, `:::`), outside code blocks: they are markup, and the type and title on
 * the opening line ("tip", "Note") would otherwise start the text they box.
 */
function blankContainerFences(source: string): string {
  let openCode: string | null = null;
  return source
    .split('\n')
    .map((line) => {
      const fence = codeFence.exec(line)?.[1];
      if (fence !== undefined) {
        if (openCode === null) openCode = fence;
        else if (fence[0] === openCode[0] && fence.length >= openCode.length && line.trim() === fence) openCode = null;
        return line;
      }
      return openCode === null && containerFence.test(line) ? ' '.repeat(line.length) : line;
    })
    .join('\n');
}

/** A front-matter value with where it stands in the file (inside its quotes, when quoted). */
interface FrontMatterField {
  value: string;
  start: number;
  end: number;
}

/** Reads the simple `key: value` lines of a front-matter block that starts at `offset` of the file; nested YAML is ignored. */
function parseFrontMatter(block: string, offset: number): Map<string, FrontMatterField> {
  const fields = new Map<string, FrontMatterField>();
  let lineStart = offset;
  for (const line of block.split('\n')) {
    const match = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*/.exec(line);
    const key = (match?.[1] ?? '').toLowerCase();
    if (match && !fields.has(key)) {
      const raw = line.slice(match[0].length).trimEnd();
      const quoted = /^(["'])(.*)\1$/.exec(raw);
      const value = quoted ? (quoted[2] ?? '') : raw;
      const start = lineStart + match[0].length + (quoted ? 1 : 0);
      fields.set(key, { value, start, end: start + value.length });
    }
    lineStart += line.length + 1;
  }
  return fields;
}

/**
 * The page's own words in its front matter, as static-site generators show them: the `title` as the page's
 * heading when the body has no level-1 heading of its own, and the `description` as its first paragraph.
 */
function addFrontMatterText(fields: ReadonlyMap<string, FrontMatterField>, builder: StructuredTextBuilder, titleIsHeading: boolean): void {
  const title = fields.get('title');
  if (titleIsHeading && title && title.value.trim() !== '') {
    builder.startBlock('heading', 1);
    builder.addText(title.start, title.end, title.value);
    builder.endBlock();
  }
  const description = fields.get('description');
  if (description && description.value.trim() !== '') {
    builder.startBlock('paragraph');
    builder.addText(description.start, description.end, description.value);
    builder.endBlock();
  }
}
