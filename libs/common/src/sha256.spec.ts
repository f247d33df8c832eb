import { createHash } from 'node:crypto';
import { sha256Hex } from './sha256';

describe(sha256Hex.name, () => {
  it('should give the standard digest in hex (FIPS 180-2 "abc" vector)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('should hash a text beyond ASCII as its UTF-8 bytes, as the stored hashes were made', () => {
    expect(sha256Hex('Crème brûlée ✓')).toBe(
      createHash('sha256').update(Buffer.from('Crème brûlée ✓', 'utf8')).digest('hex'),
    );
  });
});
