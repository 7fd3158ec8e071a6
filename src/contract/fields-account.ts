/**
 * Body and query fields of the account endpoints: default margin mode, balances, internal
 * transfer and the referee's rebate summary, by wire name.
 */
import { DATE, DIGITS, oneOf, POSITIVE, required, SYMBOL, TEXT } from './fields.ts';
import { MARGIN_MODES } from './wire.ts';

export const MARGIN_MODE_BODY = {
  symbol: required(SYMBOL),
  default_margin_mode: required(oneOf(MARGIN_MODES)),
} as const;

export const HOLDING_QUERY = { all: oneOf(['true', 'false']) } as const;

/**
 * The message a wallet signed (spec, Resources). Address and signature forms depend on the
 * chain: the upstream checks them (the sandbox does too); the spec bounds none of them.
 */
export const TRANSFER_MESSAGE = {
  receiver: required(TEXT),
  token: required(TEXT),
  amount: required({ ...POSITIVE, numericString: true }),
  transferNonce: required(DIGITS),
  chainId: required(DIGITS),
  chainType: required(TEXT),
} as const;

export const INTERNAL_TRANSFER_BODY = {
  signature: required(TEXT),
  userAddress: required(TEXT),
  verifyingContract: required(TEXT),
  message: required({ kind: 'object', fields: TRANSFER_MESSAGE }),
} as const;

export const REFEREE_REBATE_SUMMARY_QUERY = { start_date: DATE, end_date: DATE } as const;
