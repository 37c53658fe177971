import type { z } from 'zod';
import { badRequest } from './errors.js';
import { assertCleanText } from './input-guard.js';

/** Zod issues → `{ field: message }`, first message per field. */
function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    // A schema without its own Persian text falls back to zod's English: never show that to a Persian user.
    fields[key] ??= /[\u0600-\u06FF]/.test(issue.message) ? issue.message : `مقدار «${key}» نامعتبر است`;
  }
  return fields;
}

export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields = issuesToFields(issues);
  return badRequest(Object.values(fields)[0] ?? 'اطلاعات ارسال‌شده معتبر نیست', fields);
}

/** Parses with a shared schema, throwing the 400 envelope error on failure. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  assertCleanText(input); // form fields are parsed here, not by the route's preValidation
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
