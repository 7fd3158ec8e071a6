// @module-tag redis
/** Two gateway processes on one Redis (the shared TEST_REDIS_URL, under a unique key prefix). */
import { REDIS_URL } from '../server/harness.ts';
import { describeReplicas } from './replicas.ts';

describeReplicas('two replicas on one Redis', {
  setup: async () => REDIS_URL,
  teardown: async () => {},
});
