/** The outside systems' HTTP base (server/outside/http.ts): what never leaves for the vendor. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createLog } from '../../../server/http/log';
import { createOutsideClient } from '../../../server/outside/http';

const lines: string[] = [];
const log = createLog({ write: (line: string) => void lines.push(line) });

describe('the outside systems’ HTTP base', () => {
  it('refuses a header value no HTTP server can receive, without sending it', async () => {
    const sent: string[] = [];
    const client = createOutsideClient({
      system: 'TEST',
      baseUrl: () => 'https://vendor.test/api',
      timeoutMs: 1000,
      log,
      fetch: async (url) => {
        sent.push(url);
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      },
    });
    const ask = (value: string) =>
      client.request({ method: 'GET', path: 'site', headers: { SiteId: value }, schema: v.unknown() });
    for (const value of ['𐪺򵍡Ꮃ', 'a\r\nX-Injected: 1', 'nul\0', 'Ā']) {
      expect(await ask(value), JSON.stringify(value)).toEqual({
        ok: false,
        kind: 'refused',
        status: 400,
        body: undefined,
      });
    }
    expect(sent).toEqual([]);
    expect(await ask('-99')).toEqual({ ok: true, value: { ok: true } });
    expect(await ask('Café')).toEqual({ ok: true, value: { ok: true } });
    expect(sent).toEqual(['https://vendor.test/api/site', 'https://vendor.test/api/site']);
  });
});
