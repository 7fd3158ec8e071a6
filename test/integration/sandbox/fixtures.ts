/** A sandbox with one admin and two traders, a movable clock, and signing clients. */
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index.ts';
import { makeAccount, SandboxClient, type TestAccount } from '../../helpers/sandbox-client.ts';

export interface Fixture {
  sandbox: Sandbox;
  clock: { now: number };
  admin: TestAccount;
  trader: TestAccount;
  other: TestAccount;
  adminClient: SandboxClient;
  client: SandboxClient;
  otherClient: SandboxClient;
  logLines: string[];
}

export async function startFixture(options: Partial<SandboxOptions> = {}): Promise<Fixture> {
  const clock = { now: Date.UTC(2024, 5, 1, 12) };
  const admin = makeAccount('broker_admin');
  const trader = makeAccount('trader');
  const other = makeAccount('trader');
  const logLines: string[] = [];
  const sandbox = await createSandbox({
    seed: { brokerId: 'demo', accounts: [admin.seed, trader.seed, other.seed] },
    clock: () => clock.now,
    limits: false,
    log: (line) => logLines.push(line),
    ...options,
  });
  const clientOf = (account: TestAccount) =>
    new SandboxClient(sandbox.url, account, () => clock.now);
  return {
    sandbox,
    clock,
    admin,
    trader,
    other,
    adminClient: clientOf(admin),
    client: clientOf(trader),
    otherClient: clientOf(other),
    logLines,
  };
}

let sequence = 0;
/** A client_order_id unique within the test process. */
export const cid = (prefix = 'o') => `${prefix}${++sequence}`;
