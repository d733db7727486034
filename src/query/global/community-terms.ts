import { stripAccents } from '../../core/normalise.js';
import { isStopWord } from '../../text/words.js';
import { isMetaWord } from '../../text/question-signals.js';
import { stemWord } from '../../text/content-stems.js';
import type { Community } from '../../core/records.js';
import type { CommunitySentence } from './community-sentences.js';

/**
 * The candidate terms of the community sentences, each sentence read once: every distinct stem and
 * written form gets a number, and a sentence is kept as one flat list of numbers (stem, form, stem, form …).
 */
export class TermTable {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly bySentence = new WeakMap<CommunitySentence, Int32Array>();

  text(id: number): string {
    return this.texts[id] as string;
  }

  /**
   * A community's sentences, each once, as their terms. Sentences are told apart by object: the
   * sentence reader makes each sentence of a chunk once, so a sentence listed twice is the same object.
   */
  read(community: Community, sentences: Map<string, CommunitySentence[]>): Int32Array[] {
    const seen = new Set<CommunitySentence>();
    const read: Int32Array[] = [];
    for (const sentence of sentences.get(community.id) ?? []) {
      if (seen.has(sentence)) continue;
      seen.add(sentence);
      read.push(this.termsOf(sentence));
    }
    return read;
  }

  /** The written form a stem takes most often in these sentences (of equals, the first in locale order). */
  mostUsedForm(stem: number, read: readonly Int32Array[]): string {
    const forms = new Map<string, number>();
    for (const terms of read) {
      for (let at = 0; at < terms.length; at += 2) {
        if (terms[at] !== stem) continue;
        const form = this.text(terms[at + 1] as number);
        forms.set(form, (forms.get(form) ?? 0) + 1);
      }
    }
    return mostUsed(forms);
  }

  private termsOf(sentence: CommunitySentence): Int32Array {
    let flat = this.bySentence.get(sentence);
    if (!flat) {
      const found = sentenceTerms(sentence.finding.text);
      flat = new Int32Array(found.length * 2);
      found.forEach((term, index) => {
        (flat as Int32Array)[2 * index] = this.idOf(term.stem);
        (flat as Int32Array)[2 * index + 1] = this.idOf(term.form);
      });
      this.bySentence.set(sentence, flat);
    }
    return flat;
  }

  /** The number of a string, given it now if it had none. */
  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
    }
    return id;
  }
}

/** Counts one community's stems at a time in arrays indexed by stem number, reset for the next community. */
export class TermCounter {
  private counts = new Int32Array(1024);
  private excluded = new Uint8Array(1024);
  private touched: number[] = [];

  /** Counts the stems of these sentences but the excluded ones; returns the stems counted, in the order first met. */
  count(read: readonly Int32Array[], excludeLists: ReadonlyArray<readonly number[]>): readonly number[] {
    for (const stem of this.touched) this.counts[stem] = 0;
    this.touched = [];
    for (const terms of read) for (let at = 0; at < terms.length; at += 2) this.fit(terms[at] as number);
    for (const exclude of excludeLists) for (const stem of exclude) this.fit(stem);
    for (const exclude of excludeLists) for (const stem of exclude) this.excluded[stem] = 1;
    for (const terms of read) {
      for (let at = 0; at < terms.length; at += 2) {
        const stem = terms[at] as number;
        if (this.excluded[stem] === 1) continue;
        if (this.counts[stem] === 0) this.touched.push(stem);
        this.counts[stem] = (this.counts[stem] as number) + 1;
      }
    }
    for (const exclude of excludeLists) for (const stem of exclude) this.excluded[stem] = 0;
    return this.touched;
  }

  /** How often the last count met this stem. */
  of(stem: number): number {
    return this.counts[stem] ?? 0;
  }

  private fit(id: number): void {
    if (id < this.counts.length) return;
    let size = this.counts.length;
    while (size <= id) size *= 2;
    const counts = new Int32Array(size);
    counts.set(this.counts);
    this.counts = counts;
    const excluded = new Uint8Array(size);
    excluded.set(this.excluded);
    this.excluded = excluded;
  }
}

/** A word of a sentence that may label a community, with its stem. */
interface SentenceTerm {
  stem: string;
  form: string;
}

/** The words of a sentence that may be keywords (long enough, no digit, stop word, meta word or name), in order. */
function sentenceTerms(text: string): SentenceTerm[] {
  const terms: SentenceTerm[] = [];
  for (const [position, word] of words(text).entries()) {
    const lower = stripAccents(word).toLowerCase();
    // Capitalised words past the first are names; names are the title's job.
    if (lower.length < 4 || /\d/.test(lower) || isStopWord(lower) || isMetaWord(lower) || (position > 0 && /^\p{Lu}/u.test(word))) continue;
    terms.push({ stem: stemWord(word), form: word.toLowerCase() });
  }
  return terms;
}

/** The words of a text (letters and digits, hyphenated compounds kept whole), in order. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

function mostUsed(forms: Map<string, number>): string {
  return [...forms].sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))[0]?.[0] ?? '';
}
