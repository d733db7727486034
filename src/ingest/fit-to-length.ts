/**
 * Lays `value` (the decoded text of a stretch of markup such as `caf&eacute;` or `a\_b`) over `raw`, the
 * source it was read from, so that the result is exactly as long as `raw` and later offsets still point into
 * the source. When both hold as many words, each word starts where its source word starts and is padded with
 * spaces to its length, and `raw`'s whitespace (line breaks included) is kept; otherwise the whole value is
 * written from the start, whitespace collapsed, and padded or cut to length.
 */
export function fitToLength(raw: string, value: string): string {
  if (raw === value) return raw;
  const rawParts = raw.split(/(\s+)/);
  const valueWords = value.split(/\s+/).filter((word) => word !== '');
  const rawWordCount = rawParts.filter((part, index) => index % 2 === 0 && part !== '').length;
  if (rawWordCount === valueWords.length) {
    let word = 0;
    let fitted = '';
    for (const [index, part] of rawParts.entries()) {
      if (index % 2 === 1 || part === '') {
        fitted += part;
        continue;
      }
      const valueWord = valueWords[word] ?? '';
      word += 1;
      if (valueWord.length > part.length) return fitWhole(raw, value);
      fitted += valueWord.padEnd(part.length, ' ');
    }
    return fitted;
  }
  return fitWhole(raw, value);
}

function fitWhole(raw: string, value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= raw.length ? flat.padEnd(raw.length, ' ') : flat.slice(0, raw.length);
}
