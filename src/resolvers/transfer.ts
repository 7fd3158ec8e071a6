import type { InternalTransferBody } from '../contract/wire.ts';
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { mutation } from './result.ts';

/** GraphQL input: the wire body is already camelCase (`userAddress`, `transferNonce`). */
export type RequestInternalTransferArgs = InternalTransferBody & {
  message: InternalTransferBody['message'] & { amount: number };
};

export function requestInternalTransfer(ctx: GatewayContext, input: RequestInternalTransferArgs) {
  return mutation(async () => {
    const { signature, userAddress, verifyingContract, message } = input;
    const result = await requireAccount(ctx).internalTransfer({
      signature,
      userAddress,
      verifyingContract,
      message: {
        receiver: message.receiver,
        token: message.token,
        amount: message.amount,
        transferNonce: message.transferNonce,
        chainId: message.chainId,
        chainType: message.chainType,
      },
    });
    return {
      internalTransferRequestId: result.internal_transfer_request_id,
    };
  });
}
