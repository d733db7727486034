import type { z } from 'zod';

/** A key the schema does not declare, where it was found, and the declared key it most resembles. */
export interface UnknownKey {
  /** Path of the object holding the key (array positions as numbers). */
  path: Array<string | number>;
  key: string;
  suggestion: string | null;
  /** The keys declared at that place. */
  declared: string[];
}

interface SchemaDefinition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  getter?: () => z.ZodType;
}

/**
 * Lists the keys of `value` that `schema` does not declare, at any depth (zod objects strip
 * them silently). Only plain objects and arrays are walked; unions and records are trusted.
 */
export function findUnknownKeys(schema: z.ZodType, value: unknown, path: Array<string | number> = []): UnknownKey[] {
  const inner = unwrap(schema);
  const definition = inner._zod.def as unknown as SchemaDefinition;
  if (definition.type === 'array' && definition.element && Array.isArray(value)) {
    const element = definition.element;
    return value.flatMap((item, index) => findUnknownKeys(element, item, [...path, index]));
  }
  if (definition.type !== 'object' || !definition.shape || !isPlainObject(value)) return [];
  const shape = definition.shape;
  const declared = Object.keys(shape);
  return Object.entries(value).flatMap(([key, child]) => {
    const field = shape[key];
    if (!field) return [{ path, key, suggestion: nearestKey(key, declared), declared }];
    return findUnknownKeys(field, child, [...path, key]);
  });
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 16; depth += 1) {
    const definition = current._zod.def as unknown as SchemaDefinition;
    const next = definition.innerType ?? (definition.type === 'pipe' ? definition.in : undefined) ?? (definition.type === 'lazy' ? definition.getter?.() : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

/** The declared key closest to `key` (case ignored, transpositions count once), or null when none is close. */
export function nearestKey(key: string, candidates: string[]): string | null {
  const wanted = key.toLowerCase();
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return null;
  const allowed = Math.max(2, Math.floor(Math.max(key.length, best.candidate.length) / 3));
  return best.distance <= allowed ? best.candidate : null;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  const at = (row: number, column: number) => table[row]?.[column] ?? 0;
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) distance = Math.min(distance, at(row - 2, column - 2) + 1);
      (table[row] as number[])[column] = distance;
    }
  }
  return at(rows - 1, columns - 1);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
