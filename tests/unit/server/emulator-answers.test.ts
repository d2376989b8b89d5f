/**
 * The API's wait for an auth emulator still starting beside it (server/run.ts, npm start): it goes on as soon
 * as the emulator answers, also when the emulator starts listening after the wait began, and refuses to
 * start, naming the emulator, when none answers in time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorAnswers } from '../../../server/run';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

function listen(port = 0): Promise<number> {
  server = createServer((_request, response) => response.end('{"authEmulator":{"ready":true}}'));
  return new Promise((resolve) =>
    server!.listen(port, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port)),
  );
}

/** A port nothing listens on (one that was just free). */
async function freePort(): Promise<number> {
  const port = await listen();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  return port;
}

describe('emulatorAnswers', () => {
  it('goes on at once when the emulator answers', async () => {
    const port = await listen();
    await expect(emulatorAnswers(`127.0.0.1:${port}`, 1_000)).resolves.toBeUndefined();
  });

  it('waits for an emulator that starts listening after the wait began', async () => {
    const port = await freePort();
    const waiting = emulatorAnswers(`127.0.0.1:${port}`, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await listen(port);
    await expect(waiting).resolves.toBeUndefined();
  });

  it('refuses to start, naming the emulator, when none answers in time', async () => {
    const port = await freePort();
    await expect(emulatorAnswers(`127.0.0.1:${port}`, 300)).rejects.toThrow(
      `Refusing to start: the auth emulator at 127.0.0.1:${port} did not answer in 0.3 s.`,
    );
  });
});
