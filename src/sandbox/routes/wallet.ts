/**
 * POST /v1/withdraw_request, GET /v1/settle_nonce, POST /v1/settle_pnl: wallet-signed
 * messages (EIP-712, contract/wallet.ts) checked as the real service would — forms, the
 * account's wallet and broker, the ledger and chain, the recovered signer, the nonce — then a
 * withdrawal (wallet/withdraw.ts) or a settlement (wallet/settle.ts). The nonce is spent only
 * by an accepted request.
 */

import { sameHex } from '../../auth/account-id.ts';
import {
  SETTLE_PNL_BODY,
  SETTLE_PNL_MESSAGE,
  WITHDRAW_BODY,
  WITHDRAW_MESSAGE,
} from '../../contract/fields-wallet.ts';
import { SETTLE_PNL_TYPE, unitsToAmount, WITHDRAW_TYPE } from '../../contract/wallet.ts';
import type {
  SettleNonce,
  SettlePnlResult,
  WithdrawRequestResult,
} from '../../contract/wire-wallet.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { Fields } from '../validation.ts';
import { settlePnl } from '../wallet/settle.ts';
import {
  checkNonce,
  checkSigned,
  readEnvelope,
  type Signed,
  verifySigner,
} from '../wallet/signed.ts';
import { withdraw } from '../wallet/withdraw.ts';

export const walletRoutes: Route[] = [
  {
    endpoint: 'POST /v1/withdraw_request',
    handle: ({ state, account, body, now }): WithdrawRequestResult => {
      const me = account!;
      const f = Fields.body(body, WITHDRAW_BODY);
      const envelope = readEnvelope(f);
      const m = f.object('message', WITHDRAW_MESSAGE, true)!;
      const message = {
        brokerId: m.read('brokerId'),
        chainId: m.read('chainId'),
        receiver: m.read('receiver'),
        token: m.read('token') as 'USDC',
        amount: m.read('amount'),
        withdrawNonce: m.read('withdrawNonce'),
        timestamp: m.read('timestamp'),
      };
      const allowCrossChain = m.read('allowCrossChainWithdrawal') ?? false;
      const signed: Signed = { envelope, ...message, chainType: m.read('chainType') };
      checkSigned(state, me, signed);
      if (!sameHex(message.receiver, envelope.userAddress)) {
        throw invalid('message.receiver', 'must be the wallet address (userAddress)');
      }
      verifySigner(signed, 'Withdraw', WITHDRAW_TYPE, message);
      checkNonce(state, 'withdraw', me, message.withdrawNonce, 'message.withdrawNonce');
      const amount = unitsToAmount(message.amount, message.token);
      const record = withdraw(
        state,
        me,
        { amount, chainId: message.chainId, allowCrossChain },
        now,
      );
      state.wallet.use('withdraw', me.accountId, message.withdrawNonce);
      return { withdraw_id: record.id };
    },
  },
  {
    endpoint: 'GET /v1/settle_nonce',
    handle: ({ state }): SettleNonce => ({ settle_nonce: state.wallet.nextNonce('settle') }),
  },
  {
    endpoint: 'POST /v1/settle_pnl',
    handle: ({ state, account, body, now }): SettlePnlResult => {
      const me = account!;
      const f = Fields.body(body, SETTLE_PNL_BODY);
      const envelope = readEnvelope(f);
      const m = f.object('message', SETTLE_PNL_MESSAGE, true)!;
      const message = {
        brokerId: m.read('brokerId'),
        chainId: m.read('chainId'),
        settleNonce: m.read('settleNonce'),
        timestamp: m.read('timestamp'),
      };
      const signed: Signed = { envelope, ...message, chainType: m.read('chainType') };
      checkSigned(state, me, signed);
      verifySigner(signed, 'SettlePnl', SETTLE_PNL_TYPE, message);
      checkNonce(state, 'settle', me, message.settleNonce, 'message.settleNonce');
      state.wallet.use('settle', me.accountId, message.settleNonce);
      return { settle_pnl_id: settlePnl(state, me, now).id };
    },
  },
];
