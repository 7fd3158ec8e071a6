/**
 * What a user's wallet signs for a withdrawal and a PnL settlement (market-algo-risk-facts.md
 * §6): the EIP-712 domain, the two message types, the ledger contract the domain names and the
 * token the gateway and the sandbox know. The gateway checks messages against these and
 * forwards them untouched; the sandbox hashes them (sandbox/wallet/eip712.ts) and recovers
 * the signer; frontends build their typed data from the same values (docs/api.md).
 *
 * Dependency-free on purpose, like constants.ts.
 */

/** EIP-712 domain `name` and `version` of the upstream's on-chain messages. */
export const WALLET_DOMAIN = { name: 'svc', version: '1' } as const;

/**
 * The ledger contract every wallet message names as `verifyingContract` (facts §6): one per
 * network. Which network an upstream is cannot be told from its address, so either is taken.
 */
export const LEDGER_ADDRESSES = {
  mainnet: '0x6F7a338F2aA472838dEFD3283eB360d4Dff5D203',
  testnet: '0x1826B75e2ef249173FC735149AE4B8e9ea10abff',
} as const;

export interface TypedField {
  readonly name: string;
  readonly type: 'string' | 'uint256' | 'uint64' | 'address';
}

export const EIP712_DOMAIN_TYPE: readonly TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** `Withdraw`: `amount` is a whole number of the token's smallest unit (USDC: 6 decimals). */
export const WITHDRAW_TYPE: readonly TypedField[] = [
  { name: 'brokerId', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'receiver', type: 'address' },
  { name: 'token', type: 'string' },
  { name: 'amount', type: 'uint256' },
  { name: 'withdrawNonce', type: 'uint64' },
  { name: 'timestamp', type: 'uint64' },
];

export const SETTLE_PNL_TYPE: readonly TypedField[] = [
  { name: 'brokerId', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'settleNonce', type: 'uint64' },
  { name: 'timestamp', type: 'uint64' },
];

/**
 * Tokens a withdrawal may move, with their decimals: the sandbox holds USDC only and the
 * gateway has no token list of the upstream (GET /v1/public/token is not in the contract).
 */
export const WALLET_TOKENS = { USDC: { decimals: 6 } } as const;
export type WalletToken = keyof typeof WALLET_TOKENS;
export const WALLET_TOKEN_NAMES = Object.keys(WALLET_TOKENS) as WalletToken[];

/** A whole amount of a token's smallest unit as the message carries it → token units. */
export function unitsToAmount(units: string, token: WalletToken): number {
  return Number(units) / 10 ** WALLET_TOKENS[token].decimals;
}
