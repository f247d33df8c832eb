import { notify } from '../../app/notify';

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('Copied', `${what} copied to clipboard`, 2);
  } catch {
    notify.error('Copy failed', `Could not copy the ${what.toLowerCase()}. Select it and copy manually.`);
  }
}
