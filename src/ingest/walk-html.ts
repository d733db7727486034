import { parse, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import type { BlockKind } from '../core/records.js';
import type { StructuredTextBuilder } from './structured-text.js';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** Elements whose content is never text of the document: code, styling, embedded media and navigation. */
const droppedElements: ReadonlySet<string> = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas', 'nav', 'button', 'select', 'input', 'textarea']);
/** Page chrome, dropped unless it sits inside an article (where a header holds the article's own title). */
const pageChrome: ReadonlySet<string> = new Set(['header', 'footer']);
const blockElements: ReadonlyMap<string, BlockKind> = new Map([
  ['p', 'paragraph'], ['li', 'list-item'], ['dt', 'paragraph'], ['dd', 'paragraph'], ['caption', 'paragraph'], ['figcaption', 'paragraph'],
  ['summary', 'paragraph'], ['pre', 'code'], ['table', 'table'],
]);
/** Elements that end loose text before and after them without being a block of their own. */
const boundaryElements: ReadonlySet<string> = new Set([
  'html', 'body', 'div', 'section', 'article', 'main', 'aside', 'ul', 'ol', 'dl', 'blockquote', 'figure', 'form', 'fieldset', 'address', 'details', 'hr', 'hgroup',
]);

/** Parses a whole HTML document (with source offsets) and walks its body into `builder`; returns the tree for metadata. */
export function walkHtmlDocument(html: string, builder: StructuredTextBuilder): DefaultTreeAdapterTypes.Document {
  const document = parse(html, { sourceCodeLocationInfo: true });
  walkChildren(document, builder, { offset: 0, inArticle: false, inCode: false });
  return document;
}

/** Walks an HTML fragment (a raw HTML block of a Markdown file) whose first character is at `offset` of the builder's source. */
export function walkHtmlFragment(html: string, offset: number, builder: StructuredTextBuilder): void {
  walkChildren(parseFragment(html, { sourceCodeLocationInfo: true }), builder, { offset, inArticle: false, inCode: false, inMarkdown: true });
}

interface WalkContext {
  offset: number;
  inArticle: boolean;
  inCode: boolean;
  /** Inside a table or code block, whose inner paragraphs and headings are part of it, not blocks of their own. */
  inTable?: boolean;
  /** Raw HTML of a Markdown page, where a `<template>` is a component's slot holding the page's own words (`<template #title>Our crew</template>`). */
  inMarkdown?: boolean;
}

function walkChildren(parent: ParentNode, builder: StructuredTextBuilder, context: WalkContext): void {
  for (const child of parent.childNodes) walkNode(child, builder, context);
}

function walkNode(node: ChildNode, builder: StructuredTextBuilder, context: WalkContext): void {
  if (node.nodeName === '#text' && 'value' in node) {
    const location = node.sourceCodeLocation;
    if (location) builder.addText(context.offset + location.startOffset, context.offset + location.endOffset, node.value);
    return;
  }
  if (!('tagName' in node)) return;
  const tag = node.tagName;
  if (tag === 'template' && context.inMarkdown === true && 'content' in node) {
    walkChildren(node.content, builder, context);
    return;
  }
  if (droppedElements.has(tag) || (pageChrome.has(tag) && !context.inArticle)) return;
  const inner = tag === 'article' || tag === 'main' ? { ...context, inArticle: true } : context;
  const level = /^h([1-6])$/.exec(tag)?.[1];
  const insideBlock = context.inTable === true || context.inCode;
  if (level !== undefined && !insideBlock) {
    builder.startBlock('heading', Number(level));
    walkChildren(node, builder, inner);
    builder.endBlock();
    return;
  }
  const kind = blockElements.get(tag);
  if (kind !== undefined && !insideBlock) {
    builder.startBlock(kind);
    walkChildren(node, builder, kind === 'code' ? { ...inner, inCode: true } : kind === 'table' ? { ...inner, inTable: true } : inner);
    builder.endBlock();
    return;
  }
  if (tag === 'br' || tag === 'tr') builder.breakLine();
  const isBoundary = boundaryElements.has(tag) && !insideBlock;
  if (isBoundary) builder.boundary();
  walkChildren(node, builder, inner);
  if (isBoundary) builder.boundary();
  if (tag === 'a') recordLink(node, builder, context.offset);
}

function recordLink(anchor: Element, builder: StructuredTextBuilder, offset: number): void {
  const url = anchor.attrs.find((attribute) => attribute.name === 'href')?.value ?? '';
  const texts = collectTextNodes(anchor);
  const first = texts[0]?.sourceCodeLocation;
  const last = texts[texts.length - 1]?.sourceCodeLocation;
  if (!first || !last) return;
  const text = texts.map((textNode) => textNode.value).join('').replace(/\s+/g, ' ').trim();
  builder.addLink({ text, url, start: offset + first.startOffset, end: offset + last.endOffset });
}

/** The text nodes under a node, in document order. */
export function collectTextNodes(node: ParentNode): DefaultTreeAdapterTypes.TextNode[] {
  const found: DefaultTreeAdapterTypes.TextNode[] = [];
  for (const child of node.childNodes) {
    if (child.nodeName === '#text' && 'value' in child) found.push(child as DefaultTreeAdapterTypes.TextNode);
    else if ('childNodes' in child && !droppedElements.has(child.nodeName)) found.push(...collectTextNodes(child));
  }
  return found;
}

/** Every element under a node that `matches`, in document order (template contents excluded). */
export function findElements(node: ParentNode, matches: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    if (matches(child)) found.push(child);
    found.push(...findElements(child, matches));
  }
  return found;
}
