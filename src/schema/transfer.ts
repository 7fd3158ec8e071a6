import { requestInternalTransfer } from '../resolvers/transfer.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './errors.ts';
import { internalTransferInput } from './input-rules.ts';

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
    resolve: (_root, { input }, ctx) => requestInternalTransfer(ctx, input),
  }),
);
