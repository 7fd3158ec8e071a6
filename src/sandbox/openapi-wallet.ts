/**
 * The OpenAPI docs (see openapi-routes.ts) of the wallet endpoints: a withdrawal, the
 * settlement nonce and a PnL settlement (contract/endpoints-wallet.ts).
 */
import type { EndpointKey } from '../contract/endpoints.ts';
import { int, obj, type RouteDoc } from './openapi-schemas.ts';

const SIGNED =
  'EIP-712 typed data signed by the wallet of userAddress (domain name svc, version 1, chainId of the message, verifyingContract a ledger address); the sandbox recovers the signer.';

export const WALLET_DOCS = {
  'POST /v1/withdraw_request': {
    operationId: 'withdrawRequest',
    summary: 'Requests a withdrawal of USDC to the wallet (wallet-signed Withdraw message)',
    fields: {
      message: {
        description: `${SIGNED} amount: whole units of the token (USDC: 1000000 = 1). A chain whose sandbox vault holds less than the amount needs allowCrossChainWithdrawal (docs/sandbox.md).`,
      },
    },
    data: obj({ withdraw_id: int() }),
  },
  'GET /v1/settle_nonce': {
    operationId: 'settleNonce',
    summary: 'A fresh PnL settlement nonce',
    data: obj({ settle_nonce: int() }),
  },
  'POST /v1/settle_pnl': {
    operationId: 'settlePnl',
    summary: "Moves the positions' unsettled PnL into the USDC holding (wallet-signed SettlePnl)",
    fields: { message: { description: SIGNED } },
    data: obj({ settle_pnl_id: int() }),
  },
} satisfies Partial<Record<EndpointKey, RouteDoc>>;
