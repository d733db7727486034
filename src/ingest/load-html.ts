import type { LoadedContent } from './loaded-content.js';
import { parseDate } from './parse-date.js';
import { StructuredTextBuilder } from './structured-text.js';
import { collectTextNodes, findElements, walkHtmlDocument } from './walk-html.js';

const dateMetaNames: ReadonlySet<string> = new Set(['date', 'dcterms.date', 'article:published_time', 'dc.date', 'pubdate']);

/**
 * Reads an HTML file already decoded and normalised through a DOM parser: the text is the file with every
 * tag, comment and dropped element (script, style, nav, page header and footer …) blanked out, so offsets
 * point into the file; headings, paragraphs, list items, preformatted code and tables are its blocks, link
 * URLs its links. The title is `<title>` or else the first `<h1>`; the date comes from a date `<meta>` or the
 * first `<time datetime>`.
 */
export function loadHtml(html: string): LoadedContent {
  const builder = new StructuredTextBuilder(html);
  const document = walkHtmlDocument(html, builder);
  const structured = builder.build();
  const titleElement = findElements(document, (element) => element.tagName === 'title')[0];
  const title = titleElement ? collectTextNodes(titleElement).map((node) => node.value).join('').replace(/\s+/g, ' ').trim() : '';
  return {
    text: structured.text,
    title: title !== '' ? title : (structured.headings.find((heading) => heading.level === 1)?.text ?? null),
    date: findDate(document),
    blocks: structured.blocks,
    links: structured.links,
  };
}

function findDate(document: Parameters<typeof findElements>[0]): string | null {
  const attribute = (element: { attrs: Array<{ name: string; value: string }> }, name: string) => element.attrs.find((item) => item.name === name)?.value;
  for (const meta of findElements(document, (element) => element.tagName === 'meta')) {
    const name = (attribute(meta, 'name') ?? attribute(meta, 'property') ?? attribute(meta, 'itemprop') ?? '').toLowerCase();
    const content = attribute(meta, 'content');
    const date = dateMetaNames.has(name) && content !== undefined ? parseDate(content) : null;
    if (date !== null) return date;
  }
  for (const time of findElements(document, (element) => element.tagName === 'time')) {
    const datetime = attribute(time, 'datetime');
    const date = datetime === undefined ? null : parseDate(datetime);
    if (date !== null) return date;
  }
  return null;
}
