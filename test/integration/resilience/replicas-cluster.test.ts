// @module-tag redis-server
/** The replica suite again, on a local three-node Redis Cluster started from redis-server. */
import { describe } from 'vitest';
import { startCluster, type TestCluster } from '../upstream/redis-cluster.ts';
import { describeReplicas } from './replicas.ts';

let cluster: TestCluster | undefined;

describe('Redis Cluster', () => {
  describeReplicas('two replicas on a three-node Redis Cluster', {
    setup: async () => {
      cluster = await startCluster();
      return cluster.url;
    },
    teardown: async () => {
      await cluster?.stop();
    },
  });
});
