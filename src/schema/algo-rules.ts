/**
 * zod rules of the algo-order inputs: which fields each algo type needs (docs/algo-orders.md,
 * facts §3 "Shapes"), the edit's, and the list's arguments. Every failure is an input failure
 * (validation.ts) naming the field and the rule, raised before the resolver: nothing reaches
 * the upstream.
 */
import { z } from 'zod';
import { ALGO_ORDER_BODY, LIST_ALGO_ORDERS_QUERY } from '../contract/fields-algo.ts';
import type { AlgoType } from '../contract/wire-algo.ts';
import { zodRule } from './field-rules.ts';
import * as r from './rules.ts';

/** A callback rate: the contract's positive number, and a fraction: at most 1 (0.1 = 10 %). */
export const callbackRate = zodRule(ALGO_ORDER_BODY.callback_rate).refine(
  (v) => v <= 1,
  r.rule('max', 'must be at most 1 (a fraction: 0.1 is 10 %)'),
);

type Input = Record<string, unknown> & { childOrders?: Input[] | null };
type Issue = [path: (string | number)[], rule: string, message: string];

const LEG_TYPES = ['TAKE_PROFIT', 'STOP_LOSS'];
const TPSL_TYPES = ['TP_SL', 'POSITIONAL_TP_SL'];

/** Fields each root type requires, and those it does not take. */
const SHAPES: Record<AlgoType, { required: string[]; refused: string[]; children: string }> = {
  STOP: { required: ['side', 'type', 'quantity', 'triggerPrice'], refused: [], children: 'none' },
  TP_SL: { required: ['quantity'], refused: ['side', 'type', 'triggerPrice'], children: 'legs' },
  POSITIONAL_TP_SL: {
    required: [],
    refused: ['side', 'type', 'quantity', 'triggerPrice'],
    children: 'legs',
  },
  BRACKET: { required: ['side', 'type', 'quantity'], refused: ['triggerPrice'], children: 'tpsl' },
  TRAILING_STOP: { required: ['side', 'quantity'], refused: ['triggerPrice'], children: 'none' },
};

/** A TP/SL's legs: one or two, TAKE_PROFIT and STOP_LOSS at most once each, each triggered. */
function legIssues(legs: Input[] | null | undefined, at: (string | number)[]): Issue[] {
  if (!legs?.length) return [[at, 'requiredForType', 'needs a TAKE_PROFIT or STOP_LOSS leg']];
  const issues: Issue[] = [];
  const seen = new Set<unknown>();
  legs.forEach((leg, i) => {
    const path = [...at, i];
    if (!LEG_TYPES.includes(leg.algoType as string) || seen.has(leg.algoType)) {
      issues.push([
        [...path, 'algoType'],
        'legType',
        'must be TAKE_PROFIT or STOP_LOSS, once each',
      ]);
    }
    seen.add(leg.algoType);
    if (!r.given(leg.triggerPrice))
      issues.push([[...path, 'triggerPrice'], 'required', 'is required']);
    if (!r.given(leg.side)) issues.push([[...path, 'side'], 'required', 'is required']);
    if (leg.type === 'LIMIT' && !r.given(leg.price)) {
      issues.push([[...path, 'price'], 'requiredForType', 'is required for a LIMIT leg']);
    }
  });
  return issues;
}

/** The children a root type takes: none, TP/SL legs, or (BRACKET) one TP/SL holding legs. */
function childIssues(input: Input, children: string): Issue[] {
  const kids = input.childOrders;
  if (children === 'legs') return legIssues(kids, ['childOrders']);
  if (children === 'none') {
    return kids?.length ? [[['childOrders'], 'notForType', 'is not taken by this algoType']] : [];
  }
  const tpsl = kids?.[0];
  if (kids?.length !== 1 || !TPSL_TYPES.includes(tpsl?.algoType as string)) {
    return [[['childOrders'], 'bracketChild', 'must be one TP_SL or POSITIONAL_TP_SL child']];
  }
  return legIssues(tpsl?.childOrders, ['childOrders', 0, 'childOrders']);
}

/** Every rule of PlaceAlgoOrderInput that spans fields. */
export function placeAlgoIssues(input: Input): Issue[] {
  const shape = SHAPES[input.algoType as AlgoType];
  if (!shape) return [];
  const issues: Issue[] = [];
  for (const field of shape.required) {
    if (!r.given(input[field]))
      issues.push([[field], 'requiredForType', 'is required for this algoType']);
  }
  for (const field of shape.refused) {
    if (r.given(input[field]))
      issues.push([[field], 'notForType', 'is not taken by this algoType']);
  }
  if (input.type === 'LIMIT' && !r.given(input.price)) {
    issues.push([['price'], 'requiredForType', 'is required when type is LIMIT']);
  }
  if (input.algoType === 'TRAILING_STOP') {
    if (input.type === 'LIMIT') issues.push([['type'], 'marketOnly', 'must be MARKET']);
    if (r.given(input.callbackRate) === r.given(input.callbackValue)) {
      issues.push([
        ['callbackRate'],
        'exactlyOne',
        'give exactly one of callbackRate and callbackValue',
      ]);
    }
  }
  return [...issues, ...childIssues(input, shape.children)];
}

/** placeAlgoOrder's arguments: the per-type shape of its input (the fields check themselves). */
export const placeAlgoOrderArgs = <T extends object>() =>
  z.looseObject({
    input: z.custom<T>().superRefine((input, ctx) => {
      for (const [path, rule, message] of placeAlgoIssues(input as Input)) {
        ctx.addIssue({ code: 'custom', path, message, params: { rule } });
      }
    }),
  });

/** Cross-field rules of EditAlgoOrderInput (its fields carry their own rules). */
export const editAlgoOrderRules: r.CrossRule<{
  price?: unknown;
  quantity?: unknown;
  triggerPrice?: unknown;
  childOrders?: readonly { quantity?: unknown }[] | null;
}>[] = [
  {
    path: 'childOrders',
    rule: 'nothingToChange',
    message: 'give a new price, quantity or triggerPrice, on the order or on a leg',
    broken: (i) =>
      !r.given(i.price) &&
      !r.given(i.quantity) &&
      !r.given(i.triggerPrice) &&
      !i.childOrders?.length,
  },
  {
    path: 'childOrders',
    rule: 'sameQuantity',
    message: 'a quantity edit gives both legs the same quantity',
    broken: (i) => new Set((i.childOrders ?? []).map((c) => c.quantity ?? null)).size > 1,
  },
];

/** Cross-field rule of `AlgoOrderFilter`. */
export const algoOrderFilterRules: r.CrossRule<{
  createdAfter?: unknown;
  createdBefore?: unknown;
}>[] = [
  {
    path: 'createdBefore',
    rule: 'timeOrder',
    message: 'must not be before createdAfter',
    broken: (i) =>
      r.given(i.createdAfter) &&
      r.given(i.createdBefore) &&
      (i.createdBefore as number) < (i.createdAfter as number),
  },
];

/** Arguments of `Account.algoOrders`. */
export const algoOrdersArgs = z.object({
  filter: z.record(z.string(), z.unknown()).nullish(),
  first: zodRule(LIST_ALGO_ORDERS_QUERY.size).nullish(),
  after: z
    .string()
    .refine((v) => v.length <= 64, r.rule('cursor', 'is not a cursor of this list'))
    .nullish(),
});
