import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe(SecretBox.name, () => {
  const key = randomBytes(32).toString('base64');

  it('should round-trip a secret without leaving it in the sealed text', () => {
    const sut = new SecretBox(key);

    const sealed = sut.encrypt('hunter2-broker-password');

    expect(sealed).not.toContain('hunter2');
    expect(sut.decrypt(sealed)).toBe('hunter2-broker-password');
  });

  it('should seal the same secret differently each time', () => {
    const sut = new SecretBox(key);

    expect(sut.encrypt('x')).not.toBe(sut.encrypt('x'));
  });

  it('should refuse a tampered or foreign ciphertext', () => {
    const sealed = new SecretBox(key).encrypt('secret');
    const other = new SecretBox(randomBytes(32).toString('base64'));
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');

    expect(() => other.decrypt(sealed)).toThrow();
    expect(() => new SecretBox(key).decrypt(tampered)).toThrow();
  });

  it('should refuse a key of the wrong size', () => {
    expect(() => new SecretBox(Buffer.from('short').toString('base64'))).toThrow(/32 bytes/);
  });
});
