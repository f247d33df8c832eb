/** A UTF-16 surrogate without its pair (JSON.parse makes one from an escape such as "\ud800"). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value as a jsonb parameter. Postgres refuses a lone surrogate in JSON ("Unicode low surrogate must
 * follow a high surrogate"), where as a text parameter the driver's UTF-8 encoding would have turned it
 * into U+FFFD; strings are given that same replacement here, so text travelling inside jsonb (a batch's
 * rows, a trade log's events) is stored exactly as a text column would store it.
 */
export const jsonbParam = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v));

/** Text as Postgres stores it: lone surrogates shown as U+FFFD. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');
