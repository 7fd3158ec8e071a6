/**
 * The responses of an operation in the sandbox's OpenAPI document: the success envelope
 * around the route's data, and the error answers the route can give.
 */
import type { AuthKind } from '../contract/endpoint-types.ts';
import type { RouteDoc, Schema } from './openapi-schemas.ts';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const envelope = (data: Schema | undefined): Schema => ({
  type: 'object',
  required: ['success', 'timestamp', ...(data ? ['data'] : [])],
  properties: {
    success: { type: 'boolean', enum: [true] },
    timestamp: { type: 'integer', format: 'int64', description: 'server time (ms)' },
    ...(data ? { data } : {}),
  },
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

export function responses(
  route: { path: string; auth?: AuthKind },
  doc: RouteDoc,
  control: boolean,
): Schema {
  const document = route.path === '/sandbox/openapi.json';
  const auth = route.auth ?? 'public';
  const schema = document ? { type: 'object' } : (doc.raw ?? envelope(doc.data));
  return {
    '200': {
      description: document ? 'The OpenAPI document' : 'Success',
      content: { 'application/json': { schema } },
    },
    ...(document
      ? {}
      : {
          '400': errorResponse(
            'A parameter breaks a rule (the message names the field), or no such record (-1006)',
          ),
          ...(auth === 'public'
            ? {}
            : { '401': errorResponse('Missing or bad signature, expired or unknown key') }),
          '404': errorResponse('No such endpoint (-1006)'),
          ...(control ? {} : { '429': errorResponse('Rate limited (-1003)') }),
          default: errorResponse('Any other failure'),
        }),
  };
}
