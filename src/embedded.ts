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
import {
  generateToken,
  hashToken,
  type Keystore,
  type KeystorePrincipal,
  readKeystoreFile,
  resolveKeystore,
} from './auth/principals.ts';
import type { Config } from './config.ts';
import type { Logger } from './observability/logger.ts';
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

/**
 * Demo tokens: 16 random bytes (128 bits), fresh each start. Shorter than a keystore token,
 * so GraphiQL's Headers pane shows one whole.
 */
const DEMO_TOKEN_BYTES = 16;

function demoEntry(
  label: string,
  role: Role,
  demo: DemoCredentials,
): KeystorePrincipal & { token: string } {
  const token = generateToken(DEMO_TOKEN_BYTES);
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

/** Where the gateway's principals and upstream come from. */
export interface UpstreamSource {
  config: Pick<Config, 'keystoreFile' | 'sandboxSeedFile' | 'sandboxPort'>;
  /** Keystore contents; when set, `config.keystoreFile` is not read. */
  keystore?: Keystore | undefined;
  /** Where `env:NAME` keystore secrets are looked up. @default {} */
  env?: Record<string, string | undefined> | undefined;
  /** The upstream's URL; none: an embedded sandbox is started. */
  upstreamUrl?: string | undefined;
}

/** The upstream in use, and the principals that may call it. */
export interface UpstreamSide {
  upstreamUrl: string;
  sandbox: Sandbox | undefined;
  demoTokens: DemoTokens | undefined;
  entries: KeystorePrincipal[];
}

async function loadPrincipals(source: UpstreamSource): Promise<KeystorePrincipal[] | undefined> {
  const file = source.config.keystoreFile;
  const keystore = source.keystore ?? (file ? await readKeystoreFile(file) : undefined);
  return keystore ? resolveKeystore(keystore, source.env ?? {}) : undefined;
}

/**
 * The configured upstream, or an embedded sandbox started here; the keystore's principals (or
 * the demo ones), whose secrets the logger learns to redact.
 */
export async function resolveUpstream(
  source: UpstreamSource,
  logger: Logger,
): Promise<UpstreamSide> {
  const { config } = source;
  const configured = await loadPrincipals(source);
  const embedded = source.upstreamUrl
    ? undefined
    : await startEmbeddedSandbox({
        seedFile: config.sandboxSeedFile,
        port: config.sandboxPort,
        entries: configured,
        logger,
      });
  const sandbox = embedded?.sandbox;
  const entries = embedded?.entries ?? configured ?? [];
  if (!entries.length) logger.warn('no principals: every bearer token will be refused');
  for (const { principal } of entries) {
    logger.addSecret(principal.credentials.secret);
    logger.addSecret(principal.credentials.tradingSecret);
  }
  const demoTokens = embedded?.demoTokens;
  logger.addSecret(demoTokens?.trader);
  logger.addSecret(demoTokens?.brokerAdmin);
  const upstreamUrl = source.upstreamUrl ?? (sandbox as Sandbox).url;
  return { upstreamUrl, sandbox, demoTokens, entries };
}
