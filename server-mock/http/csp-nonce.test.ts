import { describe, expect, it } from 'vitest';
import { newCspNonce } from './csp-nonce';

describe('newCspNonce', () => {
  it('gives 128 random bits in base64, never the same twice, across many batches', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const nonce = newCspNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2000);
  });
});
