/**
 * `requestWithdrawal` (POST /v1/withdraw_request) and `settlePnl` (POST /v1/settle_pnl): the
 * message exactly as the user's wallet signed it (EIP-712, contract/wallet.ts), checked by the
 * contract's field rules here and by the account's wallet and nonce in resolvers/wallet.ts,
 * then sent with the account's request signature. docs/api.md shows a frontend's side.
 */
import {
  WITHDRAW_BODY as BODY,
  SETTLE_PNL_MESSAGE as SETTLE,
  WITHDRAW_MESSAGE as WITHDRAW,
} from '../contract/fields-wallet.ts';
import type { WalletToken } from '../contract/wallet.ts';
import type { SettlePnlBody, WithdrawRequestBody } from '../contract/wire-wallet.ts';
import { sendWalletSigned } from '../resolvers/wallet.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { mutation } from './error-map.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { rule } from './rules.ts';
import { requireAccount } from './types.ts';

const SIGNED =
  'As the wallet signed it: each field but allowCrossChainWithdrawal is in the EIP-712 message.';

const WithdrawalMessageInput = builder.inputType('WithdrawalMessageInput', {
  description: `The Withdraw message. ${SIGNED}`,
  fields: (t) => ({
    brokerId: t.string({ required: true, validate: validateAs(WITHDRAW.brokerId) }),
    chainId: t.field({ type: 'BigInt', required: true, validate: validateAs(WITHDRAW.chainId) }),
    receiver: t.string({
      required: true,
      description: 'The wallet address itself (userAddress).',
      validate: validateAs(WITHDRAW.receiver),
    }),
    token: t.string({ required: true, description: 'USDC', validate: validateAs(WITHDRAW.token) }),
    amount: t.string({
      required: true,
      description:
        'Whole number of the token\'s smallest unit, as signed (uint256): USDC has 6 decimals, so 1.5 USDC is "1500000".',
      validate: validateAs(WITHDRAW.amount),
    }),
    withdrawNonce: t.field({
      type: 'BigInt',
      required: true,
      description: 'From Query.withdrawNonce; single-use.',
      validate: validateAs(WITHDRAW.withdrawNonce),
    }),
    timestamp: t.field({
      type: 'Timestamp',
      required: true,
      validate: validateAs(WITHDRAW.timestamp),
    }),
    allowCrossChainWithdrawal: t.boolean({
      defaultValue: false,
      description:
        "Not signed. When the chain's vault cannot pay the amount, the upstream rebalances from another chain (PENDING_REBALANCE) only if this is true; otherwise it refuses.",
    }),
  }),
});

/** The message's receiver is the wallet: funds leave only to the address that signed. */
const receiverIsWallet = (input: Record<string, unknown>) => {
  const { userAddress, message } = input as { userAddress: string; message: { receiver: string } };
  return userAddress.toLowerCase() === message.receiver.toLowerCase();
};

const WithdrawalInput = builder.inputType('WithdrawalInput', {
  fields: (t) => ({
    signature: t.string({
      required: true,
      description: "The wallet's EIP-712 signature: 0x, then r, s and v (130 hex digits).",
      validate: validateAs(BODY.signature),
    }),
    userAddress: t.string({ required: true, validate: validateAs(BODY.userAddress) }),
    verifyingContract: t.string({
      required: true,
      description: "The domain's verifyingContract: the ledger contract.",
      validate: validateAs(BODY.verifyingContract),
    }),
    message: t.field({ type: WithdrawalMessageInput, required: true }),
  }),
  validate: {
    refine: [
      [
        receiverIsWallet,
        {
          path: ['message', 'receiver'],
          ...rule('receiverIsWallet', 'must be the wallet address (userAddress)'),
        },
      ],
    ],
  },
});

const SettlePnlMessageInput = builder.inputType('SettlePnlMessageInput', {
  description: 'The SettlePnl message, as the wallet signed it (EIP-712).',
  fields: (t) => ({
    brokerId: t.string({ required: true, validate: validateAs(SETTLE.brokerId) }),
    chainId: t.field({ type: 'BigInt', required: true, validate: validateAs(SETTLE.chainId) }),
    settleNonce: t.field({
      type: 'BigInt',
      required: true,
      description: 'From Query.settleNonce; single-use.',
      validate: validateAs(SETTLE.settleNonce),
    }),
    timestamp: t.field({
      type: 'Timestamp',
      required: true,
      validate: validateAs(SETTLE.timestamp),
    }),
  }),
});

const SettlePnlInput = builder.inputType('SettlePnlInput', {
  fields: (t) => ({
    signature: t.string({ required: true, validate: validateAs(BODY.signature) }),
    userAddress: t.string({ required: true, validate: validateAs(BODY.userAddress) }),
    verifyingContract: t.string({ required: true, validate: validateAs(BODY.verifyingContract) }),
    message: t.field({ type: SettlePnlMessageInput, required: true }),
  }),
});

const RequestWithdrawalSuccess = builder
  .objectRef<{ withdrawId: number }>('RequestWithdrawalSuccess')
  .implement({
    description:
      'The withdrawal is PENDING; accountEvents tells each status (its id is withdrawId).',
    fields: (t) => ({ withdrawId: t.expose('withdrawId', { type: 'BigInt' }) }),
  });

const SettlePnlSuccess = builder.objectRef<{ settlePnlId: number }>('SettlePnlSuccess').implement({
  fields: (t) => ({ settlePnlId: t.expose('settlePnlId', { type: 'BigInt' }) }),
});

type Envelope = { signature: string; userAddress: string; verifyingContract: string };
/** Only the wire's fields go upstream, whatever else the input object carries. */
const envelope = <M>({ signature, userAddress, verifyingContract }: Envelope, message: M) => ({
  signature,
  userAddress,
  verifyingContract,
  message,
});

builder.mutationFields((t) => ({
  requestWithdrawal: t.field({
    ...authenticated,
    ...result('RequestWithdrawal'),
    type: RequestWithdrawalSuccess,
    description:
      "Sends a withdrawal the wallet signed. Refused before sending: another wallet or broker than the account's, a nonce already sent.",
    args: { input: t.arg({ type: WithdrawalInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutation(async () => {
        const m = input.message;
        const body: WithdrawRequestBody = envelope(input, {
          brokerId: m.brokerId,
          chainId: m.chainId,
          chainType: 'EVM',
          receiver: m.receiver,
          token: m.token as WalletToken,
          amount: m.amount,
          withdrawNonce: m.withdrawNonce,
          timestamp: m.timestamp,
          allowCrossChainWithdrawal: m.allowCrossChainWithdrawal ?? false,
        });
        const nonce = { kind: 'withdraw', value: m.withdrawNonce, field: 'withdrawNonce' } as const;
        const sent = await sendWalletSigned(ctx, input, nonce, () =>
          requireAccount(ctx).withdrawRequest(body),
        );
        return { withdrawId: sent.withdraw_id };
      }),
  }),
  settlePnl: t.field({
    ...authenticated,
    ...result('SettlePnl'),
    type: SettlePnlSuccess,
    description:
      "Sends a PnL settlement the wallet signed: the positions' unsettled PnL moves into the USDC holding. Refused before sending like requestWithdrawal.",
    args: { input: t.arg({ type: SettlePnlInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutation(async () => {
        const m = input.message;
        const body: SettlePnlBody = envelope(input, {
          brokerId: m.brokerId,
          chainId: m.chainId,
          chainType: 'EVM',
          settleNonce: m.settleNonce,
          timestamp: m.timestamp,
        });
        const nonce = { kind: 'settle', value: m.settleNonce, field: 'settleNonce' } as const;
        const sent = await sendWalletSigned(ctx, input, nonce, () =>
          requireAccount(ctx).settlePnl(body),
        );
        return { settlePnlId: sent.settle_pnl_id };
      }),
  }),
}));
