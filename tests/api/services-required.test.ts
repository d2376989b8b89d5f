/**
 * The API tests' set-up (tests/api/global-setup.ts) never skips PostgreSQL or Redis quietly under CI: a
 * server that does not answer fails the run with an error naming its address; elsewhere it is a warning
 * (PostgreSQL: PGlite alone). Against the real servers of this run, both checks pass.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRedis, postgresAnswers } from './global-setup';
import { context } from './support';

/** An address nothing listens on: a port taken from the system, then given back. */
async function nobodyAt(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `work` with CI set or unset as given, and puts the variable back as it was. */
async function withCi<T>(ci: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env.CI;
  if (ci === undefined) delete process.env.CI;
  else process.env.CI = ci;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.CI;
    else process.env.CI = before;
  }
}

describe('the API tests need PostgreSQL and Redis under CI', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('PostgreSQL not answering fails under CI, naming the address without its password', async () => {
    const url = `postgres://postgres:secret-pw@127.0.0.1:${await nobodyAt()}/test`;
    const shown = url.replace('secret-pw', '***');
    const error = await withCi('true', () => postgresAnswers(url)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`API tests: PostgreSQL at ${shown} does not answer`);
    expect((error as Error).message).toContain('point TEST_DATABASE_URL at one');
    expect((error as Error).message).not.toContain('secret-pw');
  });

  it('PostgreSQL not answering outside CI is a warning, and PGlite runs alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const url = `postgres://postgres@127.0.0.1:${await nobodyAt()}/test`;
    expect(await withCi(undefined, () => postgresAnswers(url))).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/PostgreSQL at .* does not answer .*; PGlite only\./);
  });

  it('Redis not answering fails under CI, naming the address; outside CI it warns', async () => {
    const url = `redis://127.0.0.1:${await nobodyAt()}`;
    const error = await withCi('1', () => checkRedis(url)).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toContain(`API tests: Redis at ${url} does not answer`);
    expect((error as Error).message).toContain('point TEST_REDIS_URL at one');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await withCi(undefined, () => checkRedis(url));
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/Redis at .* does not answer .*will fail\./);
  });

  it('the servers this run uses answer, under CI too', async () => {
    const warn = vi.spyOn(console, 'warn');
    await withCi('true', () => checkRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'));
    if (context.postgresUrl)
      expect(await withCi('true', () => postgresAnswers(context.postgresUrl!))).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});
