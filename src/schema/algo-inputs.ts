/**
 * Inputs of placeAlgoOrder and editAlgoOrder: POST and PUT /v1/algo/order in camelCase (the
 * gateway signs every object of the tree). Field rules on the fields, the per-type shape on
 * the input (algo-rules.ts).
 */
import {
  ALGO_LEG,
  ALGO_ORDER_BODY,
  EDIT_ALGO_ORDER_BODY as EDIT,
  EDIT_ALGO_LEG as EDIT_LEG,
} from '../contract/fields-algo.ts';
import type { AlgoChildArgs } from '../resolvers/algo-inputs.ts';
import {
  AlgoChildTypeEnum,
  AlgoLegOrderTypeEnum,
  AlgoOrderTypeEnum,
  AlgoTypeEnum,
} from './algo-enums.ts';
import { callbackRate, editAlgoOrderRules } from './algo-rules.ts';
import { builder } from './builder.ts';
import { MarginModeEnum, SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import * as rules from './rules.ts';

const BODY = ALGO_ORDER_BODY;

export const AlgoChildOrderInput = builder.inputRef<AlgoChildArgs>('AlgoChildOrderInput');

AlgoChildOrderInput.implement({
  description:
    'A TAKE_PROFIT or STOP_LOSS leg (side: the closing side; triggerPrice required), or the TP_SL / POSITIONAL_TP_SL child of a BRACKET holding the legs in childOrders.',
  fields: (t) => ({
    algoType: t.field({ type: AlgoChildTypeEnum, required: true }),
    side: t.field({ type: SideEnum }),
    type: t.field({ type: AlgoLegOrderTypeEnum, description: 'Default MARKET' }),
    triggerPrice: t.float({ validate: validateAs(ALGO_LEG.trigger_price) }),
    price: t.float({ validate: validateAs(ALGO_LEG.price), description: 'LIMIT legs only' }),
    reduceOnly: t.boolean(),
    childOrders: t.field({ type: [AlgoChildOrderInput] }),
  }),
});

export const PlaceAlgoOrderInput = builder.inputType('PlaceAlgoOrderInput', {
  description:
    "Body of POST /v1/algo/order in camelCase; the gateway signs each order of the tree and sends a clientOrderId (generated when omitted). Which fields each algoType needs: docs/algo-orders.md (checked with placeAlgoOrder's arguments).",
  fields: (t) => ({
    symbol: t.string({ required: true, validate: validateAs(BODY.symbol) }),
    algoType: t.field({ type: AlgoTypeEnum, required: true }),
    clientOrderId: t.string({ validate: validateAs(BODY.client_order_id) }),
    side: t.field({ type: SideEnum }),
    type: t.field({ type: AlgoOrderTypeEnum }),
    quantity: t.float({
      validate: validateAs(BODY.quantity),
      description: 'Not for POSITIONAL_TP_SL',
    }),
    price: t.float({
      validate: validateAs(BODY.price),
      description: 'Required when type is LIMIT',
    }),
    triggerPrice: t.float({
      validate: validateAs(BODY.trigger_price),
      description: 'STOP: the mark price that triggers it',
    }),
    reduceOnly: t.boolean(),
    marginMode: t.field({ type: MarginModeEnum }),
    orderTag: t.string({ validate: validateAs(BODY.order_tag) }),
    activatedPrice: t.float({
      validate: validateAs(BODY.activated_price),
      description: 'TRAILING_STOP: starts tracking here',
    }),
    callbackRate: t.float({
      description: 'TRAILING_STOP: a fraction (0.1 = 10 %)',
      validate: { schema: callbackRate },
    }),
    callbackValue: t.float({
      validate: validateAs(BODY.callback_value),
      description: 'TRAILING_STOP: a price distance',
    }),
    childOrders: t.field({ type: [AlgoChildOrderInput] }),
  }),
});

const EditAlgoChildInput = builder.inputType('EditAlgoChildInput', {
  description: 'A leg to change; isActivated false switches it off (one leg must stay on).',
  fields: (t) => ({
    algoOrderId: t.field({
      type: 'BigInt',
      required: true,
      validate: validateAs(EDIT_LEG.order_id),
    }),
    triggerPrice: t.float({ validate: validateAs(EDIT_LEG.trigger_price) }),
    price: t.float({ validate: validateAs(EDIT_LEG.price) }),
    quantity: t.float({ validate: validateAs(EDIT_LEG.quantity) }),
    isActivated: t.boolean(),
  }),
});

export const EditAlgoOrderInput = builder.inputType('EditAlgoOrderInput', {
  description:
    'PUT /v1/algo/order: only prices, quantities and legs change; a TP/SL is edited on its root with its legs in childOrders (a quantity edit gives both legs the same quantity).',
  fields: (t) => ({
    algoOrderId: t.field({ type: 'BigInt', required: true, validate: validateAs(EDIT.order_id) }),
    price: t.float({ validate: validateAs(EDIT.price) }),
    quantity: t.float({ validate: validateAs(EDIT.quantity) }),
    triggerPrice: t.float({ validate: validateAs(EDIT.trigger_price) }),
    childOrders: t.field({ type: [EditAlgoChildInput] }),
  }),
  validate: { refine: rules.refinements(editAlgoOrderRules) },
});
