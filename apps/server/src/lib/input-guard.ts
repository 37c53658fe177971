import { badRequest } from './errors.js';

/** A NUL (PostgreSQL cannot store it in text) or a UTF-16 half without its other half. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_JSON_DEPTH = 32;

const badTextError = () => badRequest('متن ارسالی نویسه‌های نامعتبر (مانند نویسه تهی) دارد؛ آن را اصلاح کنید');

/** Throws a 400 when any string or key inside `value` holds a NUL or a lone surrogate. */
export function assertCleanText(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (BAD_TEXT.test(value)) throw badTextError();
    return;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth > MAX_JSON_DEPTH) throw tooDeepError();
  for (const [k, v] of Object.entries(value)) {
    if (BAD_TEXT.test(k)) throw badTextError();
    assertCleanText(v, depth + 1);
  }
}

export const tooDeepError = () => badRequest(`ساختار داده ارسالی بیش از ${MAX_JSON_DEPTH} سطح تودرتو است`);

/** True when JSON text nests objects/arrays deeper than `max`, found in one pass before parsing. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}
