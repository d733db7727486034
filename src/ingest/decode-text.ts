import { isUtf8 } from 'node:buffer';
import type { TextEncoding } from '../core/records.js';
import { rejectFile } from './ingest-failure.js';
import { normaliseText } from './normalise-text.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * Code points of Windows-1252 bytes 0x80–0x9F (0 where the code page leaves a byte undefined); every other byte
 * is the Latin-1 code point of the same value. Written out because Node's TextDecoder reads 'windows-1252' as
 * ISO-8859-1, which turns curly quotes, dashes and the euro sign into control characters.
 */
const windows1252High = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** A text file's normalised text and the encoding it was read in. */
export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

/**
 * Decodes the bytes of a text-format file into normalised text, detecting the encoding: a UTF-16 byte-order
 * mark, else UTF-8 when the bytes are valid UTF-8, else Windows-1252 (which covers Latin-1, ISO-8859-1).
 * Throws a `binary` rejection when the bytes hold a NUL outside UTF-16, an `invalid-utf8` one (with the byte
 * offset of the first bad UTF-8 sequence) when they are neither UTF-8 nor Windows-1252.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const utf16 = utf16Encoding(bytes);
  if (utf16 !== null) return { text: normaliseText(new TextDecoder(utf16).decode(bytes)), encoding: utf16 };
  const nulOffset = bytes.indexOf(0);
  if (nulOffset !== -1) {
    throw rejectFile('binary', `binary content: NUL byte at offset ${nulOffset} in a text format`);
  }
  try {
    return { text: normaliseText(strictUtf8.decode(bytes)), encoding: 'utf-8' };
  } catch (error) {
    const undefinedByte = bytes.findIndex((byte) => byte >= 0x80 && byte <= 0x9f && windows1252High[byte - 0x80] === 0);
    if (undefinedByte === -1) return { text: normaliseText(decodeWindows1252(bytes)), encoding: 'windows-1252' };
    const offset = findInvalidUtf8Offset(bytes);
    const where = offset === null ? '' : ` at byte offset ${offset}`;
    throw rejectFile('invalid-utf8', `not valid UTF-8${where}, nor Windows-1252 (byte 0x${(bytes[undefinedByte] ?? 0).toString(16)} at offset ${undefinedByte}); re-save the file as UTF-8`, error);
  }
}

/**
 * The encoding decodeText reads bytes it accepts in, without decoding them: a UTF-16 byte-order mark,
 * else UTF-8 when they are valid UTF-8, else Windows-1252.
 */
export function textEncodingOf(bytes: Uint8Array): TextEncoding {
  return utf16Encoding(bytes) ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
}

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 8192) {
    const codes = Array.from(bytes.subarray(offset, offset + 8192), (byte) => (byte >= 0x80 && byte <= 0x9f ? (windows1252High[byte - 0x80] ?? byte) : byte));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
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
