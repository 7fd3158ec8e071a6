/**
 * `npm run sign -- order|request …`: prints what the signers produce, as one JSON line, to
 * debug a "signature does not match". Usage errors go to stderr with exit code 2; no message
 * ever echoes a secret.
 */
import { parseArgs } from 'node:util';
import { KeyFormatError } from './keys.ts';
import { OrderParamsError, OrderSigner, signOrder } from './order-signature.ts';
import { signTree } from './order-tree.ts';
import { RequestSigner, requestMessage } from './request-signature.ts';

const USAGE = `usage:
  sign order --trading-secret HEX --params '<json object>'
  sign tree --trading-secret HEX --params '<json object>'   (an algo order: every object signed)
  sign request --secret B58 --account-id ID --method M --path P [--body TEXT] [--timestamp MS]
`;

/** Where the command writes; tests pass their own. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

class UsageError extends Error {}

type Options = Record<string, string | boolean | undefined>;

function parse(argv: string[], names: string[]): Options {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The positional-argument message quotes the argument, which may be a misplaced secret.
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError('unexpected positional argument (every value needs its --option)');
    }
    throw new UsageError(error instanceof Error ? error.message : 'invalid arguments');
  }
}

function required(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** `--trading-secret` and the JSON object of `--params`. */
function orderArgs(argv: string[]): { secret: string; params: Record<string, unknown> } {
  const options = parse(argv, ['trading-secret', 'params']);
  const secret = required(options, 'trading-secret');
  let params: unknown;
  try {
    params = JSON.parse(required(options, 'params'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--params: not valid JSON (${(error as Error).message})`);
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new UsageError('--params: expected a JSON object');
  }
  return { secret, params: params as Record<string, unknown> };
}

function order(argv: string[]): object {
  const { secret, params } = orderArgs(argv);
  return signOrder(secret, params);
}

/** The body to send (algo orders: root and legs each signed) and the trading key header. */
function tree(argv: string[]): object {
  const { secret, params } = orderArgs(argv);
  const signer = new OrderSigner(secret);
  return { body: signTree(signer, params), tradingKey: signer.tradingKey };
}

function request(argv: string[]): object {
  const options = parse(argv, ['secret', 'account-id', 'method', 'path', 'body', 'timestamp']);
  const timestampText = options.timestamp;
  if (timestampText !== undefined && !/^\d+$/.test(String(timestampText))) {
    throw new UsageError('--timestamp: expected milliseconds since the epoch (digits only)');
  }
  const signer = new RequestSigner({
    accountId: required(options, 'account-id'),
    secret: required(options, 'secret'),
  });
  const req = {
    method: required(options, 'method'),
    path: required(options, 'path'),
    body: typeof options.body === 'string' ? options.body : '',
    timestamp: timestampText === undefined ? Date.now() : Number(timestampText),
  };
  const message = requestMessage(req);
  return { message, signature: signer.sign(message), headers: signer.headers(req) };
}

const subcommands: Record<string, (argv: string[]) => object> = { order, tree, request };

export async function run(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return 0;
  }
  const subcommand = name === undefined ? undefined : subcommands[name];
  if (subcommand === undefined) {
    io.err(`sign: ${name === undefined ? 'missing subcommand' : 'unknown subcommand'}\n${USAGE}`);
    return 2;
  }
  try {
    io.out(`${JSON.stringify(subcommand(rest))}\n`);
    return 0;
  } catch (error) {
    const known =
      error instanceof UsageError ||
      error instanceof KeyFormatError ||
      error instanceof OrderParamsError;
    if (!known) throw error;
    io.err(`sign ${name}: ${error.message}\n${USAGE}`);
    return 2;
  }
}
