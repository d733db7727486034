import { rejectFile } from './ingest-failure.js';
import { normaliseText } from './normalise-text.js';

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes the bytes of a text-format file into normalised text.
 * Throws a `binary` rejection when the bytes hold a NUL, an `invalid-utf8` one (with the byte offset) when they are not UTF-8.
 */
export function decodeText(bytes: Uint8Array): string {
  const nulOffset = bytes.indexOf(0);
  if (nulOffset !== -1) {
    throw rejectFile('binary', `binary content: NUL byte at offset ${nulOffset} in a text format`);
  }
  try {
    return normaliseText(strictDecoder.decode(bytes));
  } catch (error) {
    const offset = findInvalidUtf8Offset(bytes);
    const where = offset === null ? '' : ` at byte offset ${offset}`;
    throw rejectFile('invalid-utf8', `not valid UTF-8${where}; re-save the file as UTF-8`, error);
  }
}

/** True when every byte is ASCII whitespace (or there are none). */
export function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x0b) return false;
  }
  return true;
}

/** Offset of the first byte that starts an invalid UTF-8 sequence, or null when the bytes are valid. */
export function findInvalidUtf8Offset(bytes: Uint8Array): number | null {
  let offset = 0;
  while (offset < bytes.length) {
    const lead = bytes[offset] ?? 0;
    const length = sequenceLength(lead);
    if (length === 0 || offset + length > bytes.length) return offset;
    for (let index = 1; index < length; index += 1) {
      if (((bytes[offset + index] ?? 0) & 0xc0) !== 0x80) return offset;
    }
    if (!isWellFormedSequence(bytes, offset, length)) return offset;
    offset += length;
  }
  return null;
}

function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Rejects overlong forms, UTF-16 surrogates and code points above U+10FFFF. */
function isWellFormedSequence(bytes: Uint8Array, offset: number, length: number): boolean {
  const lead = bytes[offset] ?? 0;
  const second = bytes[offset + 1] ?? 0;
  if (length === 3 && lead === 0xe0) return second >= 0xa0;
  if (length === 3 && lead === 0xed) return second <= 0x9f;
  if (length === 4 && lead === 0xf0) return second >= 0x90;
  if (length === 4 && lead === 0xf4) return second <= 0x8f;
  return true;
}
