import { withoutTrailingSlashes } from './url';

describe(withoutTrailingSlashes.name, () => {
  it.each([
    ['https://app.example.com/', 'https://app.example.com'],
    ['https://app.example.com///', 'https://app.example.com'],
    ['https://app.example.com/base/', 'https://app.example.com/base'],
    ['https://app.example.com', 'https://app.example.com'],
    ['/', ''],
    ['', ''],
  ])('should turn %j into %j', (url, expected) => {
    expect(withoutTrailingSlashes(url)).toBe(expected);
  });

  it('should keep slashes that are not at the end', () => {
    expect(withoutTrailingSlashes(`${'/'.repeat(100_000)}x`)).toBe(`${'/'.repeat(100_000)}x`);
  });
});
