import type { z } from 'zod';

/** Old clients spell some fields differently; these map (lower-cased) to our names. */
const ALIASES: Record<string, string> = { categotytitle: 'categoryTitle', imagefiles: 'imageFiles' };

export type KeyMap = Map<string, string>;

function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  let s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown; schema?: unknown } } | undefined;
  for (let i = 0; s && i < 5; i++) {
    if (s.shape) return s.shape;
    s = (s.def?.in ?? s.def?.innerType ?? s.def?.schema) as typeof s;
  }
  return undefined;
}

/** lower-case name → the schema's own name, for a zod object schema. */
export function keyMapOf(schema: z.ZodType | undefined): KeyMap | undefined {
  const shape = shapeOf(schema);
  if (!shape) return undefined;
  const map: KeyMap = new Map();
  for (const key of Object.keys(shape)) map.set(key.toLowerCase(), key);
  for (const [alias, target] of Object.entries(ALIASES)) if (shape[target]) map.set(alias, target);
  return map;
}

/** Renames keys case-insensitively (`OffPersent` → `offPersent`); unknown keys pass unchanged. */
export function remapKeys(input: unknown, map: KeyMap | undefined): unknown {
  if (!map || !input || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const target = map.get(key.toLowerCase()) ?? key;
    // The exact spelling wins when a client sends both spellings.
    if (target in out && key !== target) continue;
    out[target] = value;
  }
  return out;
}
