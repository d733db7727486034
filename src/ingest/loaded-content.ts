/** What a format loader extracts from one file; `text` is final and later offsets point into it. */
export interface LoadedContent {
  text: string;
  title: string | null;
  date: string | null;
}
