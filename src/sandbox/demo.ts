/** Demo accounts generated when the sandbox starts without a seed. */
import { randomBytes } from 'node:crypto';
import {
  ed25519PublicKeyOf,
  formatEd25519PublicKey,
  generateEd25519Secret,
  generateTradingSecret,
  parseEd25519Secret,
  parseTradingSecret,
  tradingKeyOf,
} from '../auth/keys.ts';
import type { SeedAccount } from './seed.ts';
import { accountIdOf } from './state.ts';

/** Everything a client needs to act as a demo account. Secrets: print once, never log. */
export interface DemoCredentials {
  accountId: string;
  /** `ed25519:<base58 seed>` */
  secret: string;
  /** 64 hex */
  tradingSecret: string;
  /** `ed25519:<base58 public key>` (svc-key) */
  key: string;
  /** 128 hex (svc-trading-key) */
  tradingKey: string;
}

export function generateDemoAccount(
  brokerId: string,
  role: SeedAccount['role'],
): { credentials: DemoCredentials; seed: SeedAccount } {
  const secret = generateEd25519Secret();
  const tradingSecret = generateTradingSecret();
  const userAddress = `0x${randomBytes(20).toString('hex')}`;
  const credentials: DemoCredentials = {
    accountId: accountIdOf(userAddress, brokerId),
    secret,
    tradingSecret,
    key: formatEd25519PublicKey(ed25519PublicKeyOf(parseEd25519Secret(secret))),
    tradingKey: tradingKeyOf(parseTradingSecret(tradingSecret)),
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
