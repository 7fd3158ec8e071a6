/**
 * `npm run keys -- add --label L --account-id ID --role trader|broker_admin [--keystore FILE]
 * [--developer]`: generates an ed25519 key, a trading key and a caller token, writes the entry
 * (the token only as its SHA-256) to the keystore, and prints the token once with the public
 * keys to register upstream. `npm run keys -- list` shows labels, roles and accounts.
 * The keystore is `--keystore` or `SVC_KEYSTORE`; it is written atomically with mode 0600.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { generateKeyMaterial } from './keys.ts';
import type { Role } from './principal.ts';
import {
  generateToken,
  hashToken,
  type KeystoreEntry,
  KeystoreError,
  parseKeystore,
  ROLES,
} from './principals.ts';

const USAGE = `usage: npm run keys -- add --label L --account-id ID --role trader|broker_admin [--keystore FILE] [--developer]
       npm run keys -- list [--keystore FILE]
The keystore defaults to $SVC_KEYSTORE.`;

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

class UsageError extends Error {}

async function readEntries(path: string): Promise<KeystoreEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeystoreError([`${path}: not valid JSON`]);
  }
  parseKeystore(json);
  // Keep entries as written (`env:NAME` references stay references).
  return (json as { principals: KeystoreEntry[] }).principals;
}

async function writeEntries(path: string, principals: KeystoreEntry[]): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify({ principals }, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

function keystorePath(flag: string | undefined, env: Io['env']): string {
  if (flag) return flag;
  const file = loadConfig(env).keystoreFile;
  if (!file) throw new UsageError('no keystore: pass --keystore FILE or set SVC_KEYSTORE');
  return file;
}

async function add(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      label: { type: 'string' },
      'account-id': { type: 'string' },
      role: { type: 'string' },
      keystore: { type: 'string' },
      developer: { type: 'boolean', default: false },
    },
  });
  const { label, role } = values;
  const accountId = values['account-id']?.trim();
  if (!label || !accountId || !role)
    throw new UsageError('add needs --label, --account-id and --role');
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  }
  const path = keystorePath(values.keystore, io.env);
  const principals = await readEntries(path);
  if (principals.some((p) => p.label === label)) {
    io.err(`keys: ${path} already has a principal labelled "${label}"\n`);
    return 1;
  }
  const token = generateToken();
  const { secret, tradingSecret, key, tradingKey } = generateKeyMaterial();
  const entry: KeystoreEntry = {
    label,
    tokenSha256: hashToken(token),
    accountId,
    secret,
    tradingSecret,
    role: role as Role,
    ...(values.developer ? { developer: true } : {}),
  };
  parseKeystore({ principals: [...principals, entry] });
  await writeEntries(path, [...principals, entry]);
  io.out(
    [
      `Added "${label}" (${role}, account ${accountId}) to ${path}.`,
      'Bearer token (shown once; the keystore keeps only its SHA-256):',
      `  ${token}`,
      'Public keys to register for the account upstream:',
      `  svc-key:         ${key}`,
      `  svc-trading-key: ${tradingKey}`,
      '',
    ].join('\n'),
  );
  return 0;
}

async function list(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { keystore: { type: 'string' } } });
  const path = keystorePath(values.keystore, io.env);
  const principals = await readEntries(path);
  for (const p of principals) {
    io.out(`${p.label}\t${p.role}\t${p.accountId}${p.developer ? '\tdeveloper' : ''}\n`);
  }
  return 0;
}

export async function run(argv: string[], io: Io = defaultIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  try {
    if (sub === 'add') return await add(rest, io);
    if (sub === 'list') return await list(rest, io);
    throw new UsageError(sub ? `unknown subcommand "${sub}"` : 'missing subcommand');
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`keys: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof KeystoreError || error instanceof ConfigError) {
      io.err(`keys: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
