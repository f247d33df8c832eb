export interface JwtClaims {
  sub?: string;
  email?: string;
  is_admin?: boolean;
  exp?: number;
}

function decodeSegment(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims without verifying them: the server verifies; the client only needs `exp` to skip a call. */
export function readClaims(token: string): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return null;
  }
  try {
    const claims: unknown = JSON.parse(decodeSegment(parts[1]));
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/** Spec §4: expiry comes from `exp`; an unreadable token counts as expired. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const claims = readClaims(token);
  if (!claims || typeof claims.exp !== 'number') {
    return true;
  }
  return claims.exp * 1000 <= now;
}
