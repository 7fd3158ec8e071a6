// @module-tag redis
/** `Query.maintenanceStatus`: the status now, for a page that loads, following the topic. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type LiveHarness, type Result, startLive } from './gateway-harness.ts';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLive();
});
afterAll(() => h.close());

async function status(): Promise<Result> {
  const r = await fetch(h.replicas[0]!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ maintenanceStatus { underMaintenance code endTime } }' }),
  });
  return (await r.json()) as Result;
}

const control = (body: object) =>
  fetch(`${h.sandbox.url}/sandbox/maintenance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('answers the current status, then follows its changes', async () => {
  expect((await status()).data?.maintenanceStatus).toEqual({
    underMaintenance: false,
    code: 0,
    endTime: null,
  });
  const endTime = Date.now() + 600_000;
  expect((await control({ status: 2, startTime: Date.now(), endTime })).status).toBe(200);
  await vi.waitFor(async () =>
    expect((await status()).data?.maintenanceStatus).toMatchObject({
      underMaintenance: true,
      code: 2,
    }),
  );
  expect((await control({ status: 0 })).status).toBe(200);
  await vi.waitFor(async () =>
    expect((await status()).data?.maintenanceStatus.underMaintenance).toBe(false),
  );
});
