import { hash } from 'node:crypto';

/**
 * The sha256 of a UTF-8 string, as 64 hex digits. One call, no `Hash` object: it runs for every webhook (its secret,
 * its body, each order's clOrdId), where building a Hash for each was a measurable share (docs/performance.md).
 */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
