import { pack, unpack } from '../../core/packed-file.js';
import type { DerivedFileKind } from '../kept-or-made.js';

/** Bump when the layout below, or how keywords are chosen (see communityKeywords), changes: a file of another layout is not read. */
const LAYOUT = 1;

interface Header {
  layout: number;
  keywords: Array<[string, string[]]>;
}

function encodeCommunityKeywords(keywords: Map<string, string[]>): Uint8Array {
  const header: Header = { layout: LAYOUT, keywords: [...keywords] };
  return pack(header, []);
}

function decodeCommunityKeywords(bytes: Uint8Array | null): Map<string, string[]> | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || !Array.isArray(header.keywords)) return null;
  if (!header.keywords.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Array.isArray(entry[1]))) return null;
  return new Map(header.keywords);
}

/** Each community's keywords (by community id), kept beside a store as a packed file. */
export const COMMUNITY_KEYWORDS_FILE: DerivedFileKind<Map<string, string[]>> = { name: 'community-keywords', encode: encodeCommunityKeywords, decode: decodeCommunityKeywords };
