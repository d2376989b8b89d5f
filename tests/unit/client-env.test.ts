import { describe, expect, it } from 'vitest';
import { parseClientEnv } from '../../src/config/env';

const good = {
  VITE_API_URL: 'http://localhost:8787',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_PROJECT_ID: 'demo-upkeep',
  VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  VITE_EXTERNAL_ADMIN_URL: 'http://localhost:8787/external-admin',
};

describe('client env', () => {
  it('accepts a complete configuration', () => {
    expect(parseClientEnv(good)).toEqual({ ok: true, env: good });
  });

  it('treats the emulator as optional (a real Firebase project)', () => {
    const { VITE_FIREBASE_AUTH_EMULATOR_URL: _, ...real } = good;
    expect(parseClientEnv(real).ok).toBe(true);
  });

  it('names each missing or bad variable', () => {
    const result = parseClientEnv({
      ...good,
      VITE_API_URL: 'not a url',
      VITE_FIREBASE_PROJECT_ID: undefined,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      expect.stringContaining('VITE_API_URL must be a URL'),
      expect.stringContaining('VITE_FIREBASE_PROJECT_ID is required'),
    ]);
  });
});
