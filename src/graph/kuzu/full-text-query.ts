/** Turns free text into the words of a Kuzu full-text query (the index does its own stemming). */
export function toFullTextQuery(text: string): string {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).join(' ').toLowerCase();
}
