/** POST /v2/internal_transfer, GET /v1/withdraw_nonce, GET /v1/public/sv_nonce. */

import { INTERNAL_TRANSFER_BODY, TRANSFER_MESSAGE } from '../../contract/fields-account.ts';
import type {
  InternalTransferResult,
  StrategyVaultNonce,
  WithdrawNonce,
} from '../../contract/wire.ts';
import { isMultipleOf, round } from '../decimal.ts';
import { ApiError, duplicate, invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { Fields } from '../validation.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOL_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const ACCOUNT_ID = /^0x[0-9a-fA-F]+$/;
const EVM_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const SOL_SIGNATURE = /^(?:0x[0-9a-fA-F]{128}|[1-9A-HJ-NP-Za-km-z]{64,90})$/;
/** USDC has 6 decimals. */
const USDC_STEP = 0.000001;
export const CHAIN_TYPES = ['EVM', 'SOL'] as const;
export const TRANSFER_TOKENS = ['USDC'] as const;

export const transferRoutes: Route[] = [
  {
    endpoint: 'POST /v2/internal_transfer',
    handle: ({ state, account, body, now }): InternalTransferResult => {
      const f = Fields.body(body, INTERNAL_TRANSFER_BODY);
      const m = f.object('message', TRANSFER_MESSAGE, true)!;
      const chainType = m.oneOf('chainType', CHAIN_TYPES, true)!;
      const address = chainType === 'EVM' ? EVM_ADDRESS : SOL_ADDRESS;
      const form = chainType === 'EVM' ? '0x followed by 40 hex characters' : 'a base58 address';
      const evm = chainType === 'EVM';
      f.requiredString('signature', {
        pattern: evm ? EVM_SIGNATURE : SOL_SIGNATURE,
        form: evm ? '0x followed by 130 hex characters' : 'a base58 or 0x-hex ed25519 signature',
      });
      const userAddress = f.requiredString('userAddress', { pattern: address, form });
      f.requiredString('verifyingContract', { pattern: address, form });
      const me = account!;
      if (evm && userAddress.toLowerCase() !== me.userAddress.toLowerCase()) {
        throw invalid('userAddress', 'must be the address of the authenticated account');
      }
      const receiverId = m.requiredString('receiver', {
        pattern: ACCOUNT_ID,
        form: 'an account id (0x…)',
      });
      m.requiredString('token', { pattern: /^USDC$/, form: 'USDC' });
      const amount = m.read('amount');
      if (!isMultipleOf(amount, USDC_STEP)) {
        throw invalid('message.amount', `must be a multiple of ${USDC_STEP.toFixed(6)}`);
      }
      const nonce = m.read('transferNonce');
      m.read('chainId');
      const receiver = state.account(receiverId);
      if (!receiver) throw invalid('message.receiver', `unknown account ${receiverId}`);
      if (receiver === me) throw invalid('message.receiver', 'must be another account');
      if (me.transferNonces.has(nonce)) {
        throw duplicate(`message.transferNonce: ${nonce} was already used by this account`);
      }
      if (amount > me.balance)
        throw new ApiError(-1009, 'message.amount: exceeds the available balance');
      me.transferNonces.add(nonce);
      state.setBalance(me, round(me.balance - amount));
      state.setBalance(receiver, round(receiver.balance + amount));
      const id = state.nextTransferId();
      state.events.emit('transfer', {
        id,
        fromAccountId: me.accountId,
        toAccountId: receiver.accountId,
        token: 'USDC',
        amount,
        timestamp: now,
      });
      return { internal_transfer_request_id: id };
    },
  },
  {
    endpoint: 'GET /v1/withdraw_nonce',
    handle: ({ state }): WithdrawNonce => ({ withdraw_nonce: state.nextWithdrawNonce() }),
  },
  {
    endpoint: 'GET /v1/public/sv_nonce',
    handle: ({ state }): StrategyVaultNonce => ({ nonce: state.nextSvNonce() }),
  },
];
