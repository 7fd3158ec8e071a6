/**
 * The README's first steps, run as written against a gateway on port 0 (embedded sandbox,
 * demo principals): its curl command with the demo trader's token answers the JSON the README
 * prints, and each of its GraphQL blocks runs without errors.
 */
import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks, readDoc, shellWords } from '../../unit/docs/markdown.ts';
import { type Running, startGateway, uniquePrefix } from '../server/harness.ts';

const README = readDoc('README.md');
let gw: Running;
let token: string;

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('readme'),
    env: { REDIS_URL: undefined, LOG_LEVEL: 'silent' },
  });
  token = gw.gateway.demoTokens?.trader as string;
});
afterAll(() => gw?.close());

describe('README', () => {
  it('its curl command answers what the README prints', async () => {
    const block = fencedBlocks(README, 'sh').find((b) => b.includes('curl '));
    expect(block, 'a sh block with curl').toBeDefined();
    const lines = (block as string).replace(/\\\n\s*/g, ' ').split('\n');
    const command = lines.find((l) => l.trim().startsWith('curl ')) as string;
    const printed = lines.find((l) => l.startsWith('# {'))?.slice(2) as string;

    const words = shellWords(command, { TOKEN: token });
    const headers: Record<string, string> = {};
    let url = '';
    let body: string | undefined;
    for (let i = 1; i < words.length; i++) {
      const word = words[i] as string;
      if (word === '-H') {
        const [name, ...value] = (words[++i] as string).split(':');
        headers[(name as string).trim()] = value.join(':').trim();
      } else if (word === '-d') body = words[++i];
      else if (word.startsWith('http')) url = word;
    }
    expect(url).toBe('http://localhost:4000/graphql');
    // The curl sends the README's first GraphQL block.
    const [first] = fencedBlocks(README, 'graphql');
    expect(print(parse(JSON.parse(body as string).query))).toBe(print(parse(first as string)));
    const response = await fetch(url.replace('http://localhost:4000', gw.origin), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: { account: Record<string, unknown> } };
    const expected = JSON.parse(printed) as { data: { account: Record<string, unknown> } };
    const trader = gw.gateway.principals.find((p) => p.role === 'trader');
    // The README elides the account id ("0x…"); everything else is printed as it comes.
    expect(answer).toEqual({
      data: { account: { ...expected.data.account, id: trader?.credentials.accountId } },
    });
  });

  it('each of its GraphQL blocks runs for the demo trader without errors', async () => {
    const blocks = fencedBlocks(README, 'graphql');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const query of blocks) {
      const { status, body } = await gw.gql(query, { token });
      expect({ status, errors: body.errors }, query).toEqual({ status: 200, errors: undefined });
      for (const value of Object.values(body.data ?? {})) {
        const typename = (value as { __typename?: string }).__typename;
        if (typename) expect(typename, query).toMatch(/Success$/);
      }
    }
  });
});
