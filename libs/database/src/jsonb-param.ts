/**
 * A lone surrogate as JSON.stringify writes it (an escape; it writes pairs as they are), not preceded by an
 * escaped backslash: in `"\\ud800"` the text is a backslash and "ud800", not an escape.
 */
const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/**
 * A value as a jsonb parameter. Postgres refuses a lone surrogate in JSON ("Unicode low surrogate must
 * follow a high surrogate"), where as a text parameter the driver's UTF-8 encoding would have turned it
 * into U+FFFD; strings are given that same replacement here, so text travelling inside jsonb (a batch's
 * rows, a trade log's events) is stored exactly as a text column would store it. The escapes are replaced
 * in the JSON text (a replacer function would run for every key of every row: it was 3 % of the webhook
 * path's CPU), and only when there is one.
 */
export const jsonbParam = (value: unknown): string => {
  const json = JSON.stringify(value);
  return json.includes('\\ud') ? json.replace(LONE_SURROGATE_ESCAPE, '$1\\ufffd') : json;
};
