import type { BlockKind, DocumentLink, TextBlock } from '../core/records.js';
import { fitToLength } from './fit-to-length.js';

/** What a structure walk produced: the source with its markup blanked out, its blocks, links and headings. */
export interface StructuredText {
  /** As long as the source: kept text in place, every other character a space (line breaks stay line breaks). */
  text: string;
  blocks: TextBlock[];
  links: DocumentLink[];
  headings: Array<{ level: number; text: string }>;
}

interface Segment {
  start: number;
  end: number;
  values: string[];
}

/**
 * Collects the text of a parsed document in place. Walkers (Markdown, HTML) open and close blocks and add
 * the text nodes they meet with their source offsets; text outside any opened block forms a paragraph that
 * ends at the next block or `boundary()`. Headings update the section path every later block carries.
 * Between two blocks the blanked gap gets line breaks (two when it has room), so a sentence splitter never
 * joins two blocks.
 */
export class StructuredTextBuilder {
  private readonly characters: string[];
  private readonly blocks: TextBlock[] = [];
  private readonly links: DocumentLink[] = [];
  private readonly headings: Array<{ level: number; text: string }> = [];
  private readonly sectionStack: Array<{ level: number; text: string }> = [];
  private readonly openKinds: Array<{ kind: BlockKind; level: number }> = [];
  private segment: Segment = { start: -1, end: -1, values: [] };
  private pendingLineBreak = false;

  constructor(private readonly source: string) {
    this.characters = new Array<string>(source.length);
    for (let index = 0; index < source.length; index += 1) this.characters[index] = source[index] === '\n' ? '\n' : ' ';
  }

  /** Opens a block; the block open before resumes after `endBlock` (a list item around a nested list). */
  startBlock(kind: BlockKind, level = 0): void {
    this.flush();
    this.openKinds.push({ kind, level });
  }

  endBlock(): void {
    this.flush();
    this.openKinds.pop();
  }

  /** Ends the current paragraph of loose text (a `<div>` or `<section>` edge). */
  boundary(): void {
    this.flush();
  }

  /** The next text of the current block starts on a new line (a table row, a `<br>`). */
  breakLine(): void {
    this.pendingLineBreak = true;
  }

  /** Keeps the source text at [start, end), read as `value` when the source holds markup there (entities, escapes). */
  addText(start: number, end: number, value?: string): void {
    if (end <= start || start < 0 || end > this.source.length) return;
    const raw = this.source.slice(start, end);
    const decoded = (value ?? raw).normalize('NFC');
    const inCode = this.currentKind() === 'code';
    if (!inCode && decoded.trim() === '') return;
    const fitted = fitToLength(raw, decoded);
    for (let index = 0; index < fitted.length; index += 1) this.characters[start + index] = fitted[index] ?? ' ';
    if (this.pendingLineBreak && this.segment.end >= 0) this.ensureLineBreaks(this.segment.end, start, 1);
    this.pendingLineBreak = false;
    if (this.segment.start < 0) this.segment.start = start;
    this.segment.end = Math.max(this.segment.end, end);
    this.segment.values.push(decoded);
  }

  addLink(link: DocumentLink): void {
    if (link.url.trim() !== '') this.links.push(link);
  }

  /** The text, blocks (trimmed, in order), links and headings; call once, after the walk. */
  build(): StructuredText {
    this.flush();
    for (let index = 1; index < this.blocks.length; index += 1) {
      const previous = this.blocks[index - 1];
      const next = this.blocks[index];
      if (previous && next) this.ensureLineBreaks(previous.end, next.start, 2);
    }
    return { text: this.characters.join(''), blocks: this.blocks, links: this.links, headings: this.headings };
  }

  private currentKind(): BlockKind {
    return this.openKinds[this.openKinds.length - 1]?.kind ?? 'paragraph';
  }

  private flush(): void {
    const { start, end, values } = this.segment;
    this.segment = { start: -1, end: -1, values: [] };
    this.pendingLineBreak = false;
    if (start < 0) return;
    const open = this.openKinds[this.openKinds.length - 1] ?? { kind: 'paragraph' as const, level: 0 };
    let first = start;
    let last = end;
    while (first < last && /\s/.test(this.characters[first] ?? '')) first += 1;
    while (last > first && /\s/.test(this.characters[last - 1] ?? '')) last -= 1;
    if (last <= first) return;
    if (open.kind === 'heading') {
      const text = values.join('').replace(/\s+/g, ' ').trim();
      while ((this.sectionStack[this.sectionStack.length - 1]?.level ?? 0) >= open.level && this.sectionStack.length > 0) this.sectionStack.pop();
      this.sectionStack.push({ level: open.level, text });
      this.headings.push({ level: open.level, text });
    }
    this.blocks.push({ kind: open.kind, start: first, end: last, section: this.sectionStack.map((heading) => heading.text) });
  }

  /** Turns blanked spaces of [from, to) into line breaks until the gap holds `wanted` of them. */
  private ensureLineBreaks(from: number, to: number, wanted: number): void {
    let count = 0;
    for (let index = from; index < to; index += 1) if (this.characters[index] === '\n') count += 1;
    for (let index = from; index < to && count < wanted; index += 1) {
      if (this.characters[index] === ' ') {
        this.characters[index] = '\n';
        count += 1;
      }
    }
  }
}
