/**
 * Prefixes of the variables src/config.ts reads: any other name with one of them is a mistake
 * (`unknownVariables`).
 */
export const OUR_PREFIXES = [
  'SVC_',
  'REDIS_',
  'MEMORY_STORE_',
  'UPSTREAM_',
  'CACHE_',
  'MAX_',
  'GATEWAY_',
  'GRAPHQL_',
  'GRAPHIQL',
  'PERSISTED_',
  'SHUTDOWN_',
  'LOG_',
  'ADMIN_',
  'CALLER_',
  'STREAM_',
  'SUBSCRIPTION_',
  'CONN_',
  'ORDER_WAIT_',
  'CANCEL_ON_DISCONNECT_',
];
