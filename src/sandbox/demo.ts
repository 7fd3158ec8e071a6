/** Demo accounts generated when the sandbox starts without a seed. */
import { randomBytes } from 'node:crypto';
import { accountIdOf } from '../auth/account-id.ts';
import { generateKeyMaterial, type KeyMaterial } from '../auth/keys.ts';
import type { SeedAccount } from './seed.ts';

/** Everything a client needs to act as a demo account. Secrets: print once, never log. */
export interface DemoCredentials extends KeyMaterial {
  accountId: string;
}

export function generateDemoAccount(
  brokerId: string,
  role: SeedAccount['role'],
): { credentials: DemoCredentials; seed: SeedAccount } {
  const userAddress = `0x${randomBytes(20).toString('hex')}`;
  const credentials: DemoCredentials = {
    accountId: accountIdOf(userAddress, brokerId),
    ...generateKeyMaterial(),
  };
  const seed: SeedAccount = {
    accountId: credentials.accountId,
    key: credentials.key,
    tradingKey: credentials.tradingKey,
    role,
    email: role === 'broker_admin' ? 'admin@sandbox.invalid' : 'trader@sandbox.invalid',
    userAddress,
  };
  return { credentials, seed };
}
