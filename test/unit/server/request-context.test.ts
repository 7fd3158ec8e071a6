import { describe, expect, it } from 'vitest';
import {
  acceptRequestId,
  requestIdOf,
  setRequestId,
} from '../../../src/observability/request-context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it.each([
    'b5f1c9e2-7a3d-4c1e-9f2a-0d6e8b4c2a17',
    '01HZX3K8Q9VJ5T7M2N4P6R8S0W',
    '4bf92f3577b34da6a3ce929d0e0e4736',
    'lb.node-3:req_0042',
    'x'.repeat(128),
  ])('keeps %s', (id) => {
    expect(acceptRequestId(id)).toBe(id);
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['too long', 'x'.repeat(129)],
    ['with a space', 'a b'],
    ['with a quote', 'a"b'],
    ['starting with a dash', '-abc'],
    ['non-ASCII', 'idé'],
    ['a gateway token', `svcgw_${'a'.repeat(32)}`],
    ['a base58 ed25519 seed', '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi3'],
  ])('replaces one %s with a UUID', (_, id) => {
    expect(acceptRequestId(id)).toMatch(UUID);
  });

  it('belongs to its own request object only', () => {
    const a = new Request('http://localhost/graphql');
    const b = new Request('http://localhost/graphql');
    setRequestId(a, 'a');
    expect(requestIdOf(a)).toBe('a');
    expect(requestIdOf(b)).toBeUndefined();
  });
});
