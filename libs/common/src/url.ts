/**
 * `url` without the slashes it ends with (`https://app.example.com/` → `https://app.example.com`), so a path can be
 * appended to a configured base URL. A loop, not `replace(/\/+$/, '')`: that pattern tries every run of slashes
 * from every position and takes quadratic time on a long one (test/security/regex-safety.spec.ts).
 */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) {
    end -= 1;
  }
  return url.slice(0, end);
}
