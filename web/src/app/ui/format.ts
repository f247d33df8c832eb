import dayjs from 'dayjs';

export function formatDateTime(value: string | null | undefined, empty = 'Never'): string {
  if (!value) {
    return empty;
  }
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}

export function envColor(environment: string, otherwise: 'green' | 'red'): string {
  return environment === 'demo' ? 'gold' : otherwise;
}
