/** Issue 9, findings 1, 5 and 6: no input of these shapes gives a 5xx, and no request value forges a log line. */
import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, tableCounts, tokenFor, type TestServer } from './support';

describe.each(engines)('the request layer on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('400 for deeply nested JSON on a public route, and nothing changes', async () => {
    const before = await tableCounts(api.db);
    const response = await api.fetch('/provider/invite/user', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '['.repeat(40_000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'request/invalid-json' });
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('400 for a NUL or control character in a path or query, and no unexpected error is logged', async () => {
    for (const path of [
      '/provider/invite/%00',
      '/provider/invite/a%0Ab',
      '/user/x%00',
      '/svc-category?x=%00',
    ]) {
      const response = await api.fetch(path, { token: admin });
      expect(response.status, path).toBe(400);
    }
    expect(api.logged).toEqual([]);
  });

  it('after a 413 on a kept-alive connection, the next request on the same agent gets its answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
        const req = httpRequest(`${api.url}${path}`, {
          method,
          agent,
          headers: {
            Authorization: `Bearer ${admin}`,
            ...(body && { 'Content-Type': 'application/json', 'Content-Length': body.length }),
          },
        });
        req.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }),
          );
        });
        // The server may close the socket before it has read the whole oversized body.
        req.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
        );
        req.end(body);
      });
    try {
      const oversized = await send('POST', '/svc-category', Buffer.alloc(2 * 1024 * 1024, 0x20));
      expect(oversized.status).toBe(413);
      expect(oversized.connection).toBe('close');
      const next = await send('GET', '/svc-category');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text)).toBeTruthy();
    } finally {
      agent.destroy();
    }
  });

  it('a request value cannot forge a log line: one JSON line per request, the value escaped in a field', async () => {
    const forged = '\n{"level":60,"msg":"forged"}';
    const from = api.logRaw.length;
    const responses = await Promise.all([
      api.fetch(`/svc-category/${encodeURIComponent(forged)}`, { token: admin }),
      api.fetch(`/svc-category?page=${encodeURIComponent(forged)}`, { token: admin }),
      api.fetch('/svc-category', { token: admin, headers: { 'User-Agent': forged.slice(1) } }),
    ]);
    for (const response of responses) expect(response.status).toBeLessThan(500);
    const written = api.logRaw.slice(from);
    // Each write is one event: exactly one line, ending in its newline.
    for (const chunk of written) expect(chunk.indexOf('\n')).toBe(chunk.length - 1);
    const events = written.map((chunk) => JSON.parse(chunk) as Record<string, unknown>);
    expect(events).toHaveLength(3);
    expect(events.filter((event) => event['msg'] === 'forged')).toEqual([]);
    expect(events.map((event) => event['msg'])).toEqual(['Request', 'Request', 'Request']);
    // Hono decodes the path like decodeURI (reserved characters such as ':' stay encoded): the newline is in it.
    expect(
      events.some((event) => String(event['path']).startsWith('/svc-category/\n{"level"')),
      JSON.stringify(events),
    ).toBe(true);
    expect(
      events.some((event) => JSON.stringify(event['query']) === JSON.stringify({ page: [forged] })),
    ).toBe(true);
    expect(events.some((event) => event['userAgent'] === forged.slice(1))).toBe(true);
    expect(written.some((chunk) => chunk.includes(String.raw`\n{\"level\":60`))).toBe(true);
  });

  it('404, not 500, for prototype keys on the external admin stand-in', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect((await api.fetch(`/external-admin/${key}`)).status, key).toBe(404);
    }
  });
});
