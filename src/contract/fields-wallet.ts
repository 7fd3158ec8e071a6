/**
 * Body fields of the wallet endpoints (POST /v1/withdraw_request, POST /v1/settle_pnl), by
 * wire name: the wallet-signed message as the facts give it (§6) and the envelope around it.
 * Address and signature forms are EVM's: the messages are EIP-712 typed data (wallet.ts).
 */
import { BOOLEAN, int, oneOf, required, text } from './fields.ts';
import { LEDGER_ADDRESSES, WALLET_TOKEN_NAMES } from './wallet.ts';

const hex = (digits: number, rule: string, what: string) =>
  text({
    pattern: {
      regex: new RegExp(`^0x[0-9a-fA-F]{${digits}}$`),
      rule,
      message: `must be ${what}: 0x followed by ${digits} hex digits`,
      upstream: `must be 0x followed by ${digits} hex digits`,
    },
  });

/** An EVM address. */
export const EVM_ADDRESS = hex(40, 'evmAddress', 'an EVM address');
/** r ‖ s ‖ v of the wallet's EIP-712 signature. */
export const WALLET_SIGNATURE = hex(130, 'walletSignature', 'a 65-byte wallet signature');

/** A whole number of the token's smallest unit, above 0 (uint256 in the signed message). */
export const TOKEN_UNITS = text({
  about: "Whole number of the token's smallest unit, as signed (USDC: 1000000 = 1 USDC)",
  pattern: {
    regex: /^[1-9]\d{0,29}$/,
    rule: 'tokenUnits',
    message: "must be a whole number above 0 of the token's smallest unit (USDC: 1000000 = 1)",
    upstream: 'must be a positive integer of at most 30 digits',
  },
});

/** The ledger contract a message's domain names (wallet.ts `LEDGER_ADDRESSES`, any case). */
export const LEDGER_CONTRACT = text({
  pattern: {
    regex: new RegExp(`^(?:${Object.values(LEDGER_ADDRESSES).join('|')})$`, 'i'),
    rule: 'ledgerAddress',
    message: `must be the ledger contract: ${LEDGER_ADDRESSES.mainnet} (mainnet) or ${LEDGER_ADDRESSES.testnet} (testnet)`,
    upstream: 'must be the ledger contract address',
  },
});

/** A token a withdrawal may move (wallet.ts `WALLET_TOKENS`). */
export const WALLET_TOKEN = text({
  pattern: {
    regex: new RegExp(`^(?:${WALLET_TOKEN_NAMES.join('|')})$`),
    rule: 'token',
    message: `must be one of ${WALLET_TOKEN_NAMES.join(', ')} (the tokens the gateway knows)`,
    upstream: `must be one of ${WALLET_TOKEN_NAMES.join(', ')}`,
  },
});

/** Broker ids are short names (`demo`); the spec bounds none, the gateway bounds it at 64. */
export const BROKER_ID = text({ maxLength: 64 });
/** Chain ids, nonces and timestamps: positive integers, sent as JSON numbers (strings taken). */
const WHOLE = int({ positive: true, numericString: true });
export const CHAIN_TYPES = ['EVM', 'SOL'] as const;

const SIGNED = {
  signature: required(WALLET_SIGNATURE),
  userAddress: required(EVM_ADDRESS),
  verifyingContract: required(LEDGER_CONTRACT),
} as const;

export const WITHDRAW_MESSAGE = {
  brokerId: required(BROKER_ID),
  chainId: required(WHOLE),
  chainType: oneOf(CHAIN_TYPES),
  receiver: required(EVM_ADDRESS),
  token: required(WALLET_TOKEN),
  amount: required(TOKEN_UNITS),
  withdrawNonce: required(WHOLE),
  timestamp: required(WHOLE),
  /** The spec's name (2024-01-04); the facts' [OA] writes `allowCrossChainWithdraw`. */
  allowCrossChainWithdrawal: BOOLEAN,
} as const;

export const WITHDRAW_BODY = {
  ...SIGNED,
  message: required({ kind: 'object', fields: WITHDRAW_MESSAGE }),
} as const;

export const SETTLE_PNL_MESSAGE = {
  brokerId: required(BROKER_ID),
  chainId: required(WHOLE),
  chainType: oneOf(CHAIN_TYPES),
  settleNonce: required(WHOLE),
  timestamp: required(WHOLE),
} as const;

export const SETTLE_PNL_BODY = {
  ...SIGNED,
  message: required({ kind: 'object', fields: SETTLE_PNL_MESSAGE }),
} as const;
