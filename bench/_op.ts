import { OrderSigner } from '../src/auth/order-signature.ts';
import { OrderIdempotency } from '../src/idempotency/orders.ts';
import { IdempotencyRecords } from '../src/idempotency/records.ts';
import { createMemoryStore } from '../src/upstream/stores/memory.ts';
import { orderParams } from '../src/upstream/orders.ts';
import { placeOrderInput } from '../src/schema/input-rules.ts';
import { toCreateOrderParams, toReceipt } from '../src/resolvers/order.ts';
const signer = new OrderSigner('ae88e5d3b3b37d2bdb7254e798fc3756a3e5a726df086089ef6e7835f08be794');
const store = createMemoryStore({});
const idem = new OrderIdempotency({ records: new IdempotencyRecords({ store }), leaseMs: 30000 });
let seq = 0;
const account = {
  accountId: 'acc',
  async createOrder(p: any) { const params = orderParams(p); const body = { ...params, signature: signer.sign(params) }; JSON.stringify(body); return { order_id: 1, client_order_id: params.client_order_id, order_type: 'LIMIT', order_price: 1000, order_quantity: 0.02, error_message: 'none' } as any; },
  async orderByClientOrderId(): Promise<any> { throw new Error('no'); },
};
const input = () => ({ symbol: 'PERP_ETH_USDC', orderType: 'LIMIT', side: 'BUY', orderPrice: 1000, orderQuantity: 0.02, clientOrderId: `c-${seq++}` });
async function t(name: string, f: () => Promise<unknown> | unknown, n = 5000) {
  for (let i = 0; i < 3000; i++) await f();
  let best = Infinity;
  for (let r = 0; r < 5; r++) { const s0 = process.cpuUsage(); for (let i = 0; i < n; i++) await f(); const c = process.cpuUsage(s0); best = Math.min(best, (c.user + c.system) / n); }
  console.log(name.padEnd(22), best.toFixed(2), 'µs');
}
await t('zod placeOrderInput', () => placeOrderInput.parseAsync(input()));
await t('sign only', () => signer.sign(orderParams(toCreateOrderParams(input() as any))));
await t('place (idem+sign)', async () => toReceipt((await idem.place(account, toCreateOrderParams(input() as any))).created));
await t('place no idem', async () => toReceipt(await account.createOrder(toCreateOrderParams(input() as any))));
const records = new IdempotencyRecords({ store });
import { orderFingerprint } from '../src/idempotency/fingerprint.ts';
import { orderRecordKey } from '../src/idempotency/keys.ts';
await t('fingerprint', () => orderFingerprint(toCreateOrderParams(input() as any)));
await t('recordKey', () => orderRecordKey('acc', `c-${seq++}`));
await t('claim', () => records.claim(`k-${seq++}`, 'fp', 30000));
await t('claim+complete', async () => { const c: any = await records.claim(`k-${seq++}`, 'fp', 30000); await records.complete(c.lease, { order_id: 1, client_order_id: 'x', order_type: 'LIMIT', order_price: 1000, order_quantity: 0.02, error_message: 'none' }); });
