import type { FieldLogger } from '../housekeeping-log';

/** A FieldLogger that keeps what it was given, for specs to read back. */
export function recordingLog(): FieldLogger & {
  lines: { level: 'info' | 'debug'; fields: object; message: string }[];
} {
  const lines: { level: 'info' | 'debug'; fields: object; message: string }[] = [];
  return {
    lines,
    info: (fields, message) => void lines.push({ level: 'info', fields, message }),
    debug: (fields, message) => void lines.push({ level: 'debug', fields, message }),
  };
}
