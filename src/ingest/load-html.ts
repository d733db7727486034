import { NodeHtmlMarkdown } from 'node-html-markdown';
import type { LoadedContent } from './loaded-content.js';
import { parseDate } from './parse-date.js';

const dateMetaNames: ReadonlySet<string> = new Set(['date', 'dcterms.date', 'article:published_time', 'dc.date', 'pubdate']);
const converter = new NodeHtmlMarkdown({ ignore: ['script', 'style', 'noscript', 'template', 'head'] });

/**
 * Reads an HTML file already decoded and normalised: the text is the Markdown conversion of the body.
 * The title is `<title>` or else the first `<h1>`; the date comes from a date `<meta>` or the first `<time datetime>`.
 */
export function loadHtml(html: string): LoadedContent {
  const withoutCode = html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const body = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i.exec(withoutCode)?.[1] ?? withoutCode;
  return {
    text: converter.translate(body),
    title: findTitle(withoutCode),
    date: findDate(withoutCode),
  };
}

function findTitle(html: string): string | null {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i.exec(html)?.[1];
  for (const candidate of [title, heading]) {
    const text = candidate === undefined ? '' : decodeEntities(candidate.replace(/<br\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
    if (text !== '') return text;
  }
  return null;
}

function findDate(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attributes = readAttributes(tag);
    const name = (attributes.get('name') ?? attributes.get('property') ?? attributes.get('itemprop') ?? '').toLowerCase();
    const content = attributes.get('content');
    if (dateMetaNames.has(name) && content !== undefined) {
      const date = parseDate(content);
      if (date !== null) return date;
    }
  }
  for (const tag of html.match(/<time\b[^>]*>/gi) ?? []) {
    const datetime = readAttributes(tag).get('datetime');
    const date = datetime === undefined ? null : parseDate(datetime);
    if (date !== null) return date;
  }
  return null;
}

function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

const namedEntities: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', hellip: '…', ndash: '–', mdash: '—', eacute: 'é', egrave: 'è', ecirc: 'ê', euml: 'ë',
  agrave: 'à', acirc: 'â', ccedil: 'ç', icirc: 'î', iuml: 'ï', ocirc: 'ô', ugrave: 'ù', ucirc: 'û', Eacute: 'É',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return safeCodePoint(Number.parseInt(body.slice(2), 16)) ?? entity;
    if (body.startsWith('#')) return safeCodePoint(Number.parseInt(body.slice(1), 10)) ?? entity;
    return namedEntities[body] ?? namedEntities[body.toLowerCase()] ?? entity;
  });
}

function safeCodePoint(codePoint: number): string | null {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : null;
}
