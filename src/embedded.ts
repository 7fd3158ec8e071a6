/**
 * Embedded mode (no upstream URL configured): the sandbox runs in this process on a loopback
 * port and every keystore account is registered in it. Without a keystore, the sandbox's
 * demo trader and demo broker admin become principals with fresh bearer tokens.
 */
import {
  ed25519PublicKeyOf,
  formatEd25519PublicKey,
  parseEd25519Secret,
  parseTradingSecret,
  tradingKeyOf,
} from './auth/keys.ts';
import type { Role } from './auth/principal.ts';
import { generateToken, hashToken, type KeystorePrincipal } from './auth/principals.ts';
import type { Logger } from './logger.ts';
import { type DemoCredentials, generateDemoAccount } from './sandbox/demo.ts';
import { createSandbox, loadSeedFile, type Sandbox } from './sandbox/index.ts';

/** Bearer tokens of the demo principals; shown once at start, never logged. */
export interface DemoTokens {
  trader: string;
  brokerAdmin: string;
}

export interface EmbeddedOptions {
  /** Sandbox seed JSON (`SVC_SANDBOX_SEED`). @default none: the sandbox makes demo accounts */
  seedFile?: string | undefined;
  /** Port to listen on (`SVC_SANDBOX_PORT`). @default a free port */
  port?: number | undefined;
  /** Keystore principals to register; `undefined` means: use demo principals. */
  entries?: KeystorePrincipal[] | undefined;
  /** Receives the sandbox's request lines at debug level. */
  logger?: Logger;
}

export interface Embedded {
  sandbox: Sandbox;
  entries: KeystorePrincipal[];
  demoTokens?: DemoTokens;
}

function demoEntry(
  label: string,
  role: Role,
  demo: DemoCredentials,
): KeystorePrincipal & { token: string } {
  const token = generateToken();
  const { accountId, secret, tradingSecret } = demo;
  return {
    token,
    tokenSha256: hashToken(token),
    // Demo callers may send raw query text even when persisted operations are required.
    principal: { label, role, developer: true, credentials: { accountId, secret, tradingSecret } },
  };
}

function register(sandbox: Sandbox, entries: readonly KeystorePrincipal[]): void {
  for (const { principal } of entries) {
    const { accountId, secret, tradingSecret } = principal.credentials;
    sandbox.registerAccount({
      accountId,
      key: formatEd25519PublicKey(ed25519PublicKeyOf(parseEd25519Secret(secret))),
      ...(tradingSecret ? { tradingKey: tradingKeyOf(parseTradingSecret(tradingSecret)) } : {}),
      role: principal.role,
      email: `${principal.label}@sandbox.invalid`,
    });
  }
}

export async function startEmbeddedSandbox(options: EmbeddedOptions): Promise<Embedded> {
  const seed = options.seedFile ? await loadSeedFile(options.seedFile) : undefined;
  const logger = options.logger?.child({ component: 'sandbox' });
  const sandbox = await createSandbox({
    ...(seed ? { seed } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(logger ? { log: (line: string) => logger.debug(line) } : {}),
  });
  logger?.info('embedded sandbox listening', {
    url: sandbox.url,
    control: `${sandbox.url}/sandbox/`,
  });
  try {
    if (options.entries) {
      register(sandbox, options.entries);
      return { sandbox, entries: options.entries };
    }
    let demo = sandbox.demo;
    if (!demo) {
      // A seed file without a keystore: add demo accounts to the seeded ones.
      const brokerId = seed?.brokerId ?? 'demo';
      const trader = generateDemoAccount(brokerId, 'trader');
      const admin = generateDemoAccount(brokerId, 'broker_admin');
      sandbox.registerAccount(trader.seed);
      sandbox.registerAccount(admin.seed);
      demo = { trader: trader.credentials, admin: admin.credentials };
    }
    const trader = demoEntry('demo-trader', 'trader', demo.trader);
    const admin = demoEntry('demo-broker-admin', 'broker_admin', demo.admin);
    return {
      sandbox,
      entries: [trader, admin].map(({ tokenSha256, principal }) => ({ tokenSha256, principal })),
      demoTokens: { trader: trader.token, brokerAdmin: admin.token },
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}
