/** `requestInternalTransfer`: POST /v1/internal_transfer with a wallet-signed message. */
import type { InternalTransferBody } from '../upstream/types.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { mutation } from './error-map.ts';
import { result } from './error-types.ts';
import { internalTransferInput } from './input-rules.ts';
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
    receiver: t.string({ required: true }),
    token: t.string({ required: true }),
    amount: t.float({ required: true, description: 'greater than 0' }),
    transferNonce: t.string({ required: true }),
    chainId: t.string({ required: true }),
    chainType: t.string({ required: true, description: 'e.g. EVM or SOL' }),
  }),
});

const RequestInternalTransferInput = builder.inputType('RequestInternalTransferInput', {
  fields: (t) => ({
    signature: t.string({ required: true, description: 'wallet signature of the message' }),
    userAddress: t.string({ required: true }),
    verifyingContract: t.string({ required: true }),
    message: t.field({ type: InternalTransferMessageInput, required: true }),
  }),
  validate: { schema: internalTransferInput },
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
