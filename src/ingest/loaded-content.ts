import type { DocumentLink, TextBlock } from '../core/records.js';

/** What a format loader extracts from one file; `text` is final and later offsets point into it. */
export interface LoadedContent {
  text: string;
  title: string | null;
  date: string | null;
  /** The blocks of a structured format (absent for plain text, which is chunked by sentences alone). */
  blocks?: TextBlock[];
  links?: DocumentLink[];
}
