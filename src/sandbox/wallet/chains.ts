/**
 * The EVM chains the sandbox's vaults are on and the USDC each vault can pay out. A
 * withdrawal larger than its chain's vault is cross-chain: refused unless the message allows
 * it (`allowCrossChainWithdrawal`), else rebalanced first (PENDING_REBALANCE). Chain
 * 11155420's small vault is there to show that path (docs/sandbox.md).
 */
const LARGE = 10_000_000;

export const VAULTS: ReadonlyMap<number, number> = new Map([
  [1, LARGE],
  [10, LARGE],
  [137, LARGE],
  [8453, LARGE],
  [42161, LARGE],
  [11155111, LARGE],
  [421614, LARGE],
  [84532, LARGE],
  [11155420, 1_000],
]);
