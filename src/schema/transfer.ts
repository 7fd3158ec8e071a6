/** `requestInternalTransfer`: POST /v1/internal_transfer with a wallet-signed message. */
import {
  INTERNAL_TRANSFER_BODY as BODY,
  TRANSFER_MESSAGE as MESSAGE,
} from '../contract/fields-account.ts';
import type { InternalTransferBody } from '../contract/wire.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { mutation } from './error-map.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { requireAccount } from './types.ts';

/** Only the wire's fields go upstream, whatever else the input object carries. */
function transferBody(input: InternalTransferBody): InternalTransferBody {
  const { signature, userAddress, verifyingContract, message } = input;
  const { receiver, token, amount, transferNonce, chainId, chainType } = message;
  return {
    signature,
    userAddress,
    verifyingContract,
    message: { receiver, token, amount, transferNonce, chainId, chainType },
  };
}

const InternalTransferMessageInput = builder.inputType('InternalTransferMessageInput', {
  description: 'The signed transfer message, exactly as the wallet signed it.',
  fields: (t) => ({
    receiver: t.string({ required: true, validate: validateAs(MESSAGE.receiver) }),
    token: t.string({ required: true, validate: validateAs(MESSAGE.token) }),
    amount: t.float({
      required: true,
      description: 'greater than 0',
      validate: validateAs(MESSAGE.amount),
    }),
    transferNonce: t.string({ required: true, validate: validateAs(MESSAGE.transferNonce) }),
    chainId: t.string({ required: true, validate: validateAs(MESSAGE.chainId) }),
    chainType: t.string({
      required: true,
      description: 'e.g. EVM or SOL',
      validate: validateAs(MESSAGE.chainType),
    }),
  }),
});

const RequestInternalTransferInput = builder.inputType('RequestInternalTransferInput', {
  fields: (t) => ({
    signature: t.string({
      required: true,
      description: 'wallet signature of the message',
      validate: validateAs(BODY.signature),
    }),
    userAddress: t.string({ required: true, validate: validateAs(BODY.userAddress) }),
    verifyingContract: t.string({ required: true, validate: validateAs(BODY.verifyingContract) }),
    message: t.field({ type: InternalTransferMessageInput, required: true }),
  }),
});

const RequestInternalTransferSuccess = builder
  .objectRef<{ internalTransferRequestId: number }>('RequestInternalTransferSuccess')
  .implement({
    fields: (t) => ({
      internalTransferRequestId: t.expose('internalTransferRequestId', { type: 'BigInt' }),
    }),
  });

builder.mutationField('requestInternalTransfer', (t) =>
  t.field({
    ...authenticated,
    ...result('RequestInternalTransfer'),
    type: RequestInternalTransferSuccess,
    args: { input: t.arg({ type: RequestInternalTransferInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutation(async () => {
        const sent = await requireAccount(ctx).internalTransfer(transferBody(input));
        return { internalTransferRequestId: sent.internal_transfer_request_id };
      }),
  }),
);
