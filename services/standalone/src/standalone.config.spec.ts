import { loadConfig } from '@app/common';
import { standaloneConfigSchema } from './standalone.config';

// What ensureLocalSecrets supplies on a real start.
const secrets = { JWT_SECRET: 'j'.repeat(48), ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
const publicUrlOf = (env: Record<string, string>) =>
  loadConfig(standaloneConfigSchema, { ...secrets, ...env }).PUBLIC_URL;

describe('standalone configuration', () => {
  describe('PUBLIC_URL', () => {
    it('should be http://localhost:3000 when neither it nor PORT is set', () => {
      expect(publicUrlOf({})).toBe('http://localhost:3000');
    });

    it('should follow PORT when it is not set, so that webhook and OAuth URLs name the port the product listens on', () => {
      expect(publicUrlOf({ PORT: '8080' })).toBe('http://localhost:8080');
    });

    it('should be kept as set, whatever PORT is', () => {
      expect(publicUrlOf({ PORT: '8080', PUBLIC_URL: 'https://trade.example.com' })).toBe('https://trade.example.com');
    });

    it('should stay http://localhost:3000 with PORT 0 (a free port, not known before listening)', () => {
      expect(publicUrlOf({ PORT: '0' })).toBe('http://localhost:3000');
    });

    it('should refuse a PUBLIC_URL that is not a URL', () => {
      expect(() => publicUrlOf({ PUBLIC_URL: 'trade.example.com' })).toThrow(/PUBLIC_URL/);
    });
  });
});
