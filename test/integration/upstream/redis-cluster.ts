/**
 * A throwaway three-node Redis Cluster on free local ports (redis-server child processes,
 * no persistence, own temp dir), for the tests that prove keys and Lua scripts are
 * cluster-safe. Needs redis-server: files using it carry `// @module-tag redis-server`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { vi } from 'vitest';

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether something accepts TCP connections on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Three ports whose cluster-bus ports (+10000) are free too. */
async function freePorts(): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < 3) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (ports.includes(port)) continue;
    if ((await portFree(port)) && (await portFree(port + 10_000))) ports.push(port);
  }
  return ports;
}

export interface TestCluster {
  url: string;
  stop(): Promise<void>;
}

/** How long the three nodes may take to agree that every slot is served. */
const CLUSTER_READY_TIMEOUT_MS = 20_000;

export async function startCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cluster-'));
  const ports = await freePorts();
  const children: ChildProcess[] = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    ),
  );
  /** Kills the nodes and waits until they are gone: nothing outlives the test file. */
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      await vi.waitFor(
        async () => {
          if (!(await accepts(port))) throw new Error(`redis-server on ${port} did not start`);
        },
        { timeout: 5_000, interval: 20 },
      );
    }
    // Slots split three ways, nodes introduced to each other: what `redis-cli --cluster
    // create` does, without its one-second polling.
    const nodes = ports.map((port) => {
      const node = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
      node.on('error', () => {});
      return node;
    });
    const third = Math.floor(16_384 / 3);
    await Promise.all(
      nodes.map((node, i) =>
        node.call(
          'CLUSTER',
          'ADDSLOTSRANGE',
          String(i * third),
          String(i === 2 ? 16_383 : (i + 1) * third - 1),
        ),
      ),
    );
    for (const port of ports.slice(1))
      await nodes[0]!.call('CLUSTER', 'MEET', '127.0.0.1', String(port));
    // Gossip needs about 2 s on a quiet machine; a loaded CI machine can take several times
    // that (two test files may start clusters at once), so poll against a generous deadline.
    await vi.waitFor(
      async () => {
        const states = await Promise.all(nodes.map((node) => node.cluster('INFO')));
        if (!states.every((info) => info.includes('cluster_state:ok')))
          throw new Error('cluster did not become ready');
      },
      { timeout: CLUSTER_READY_TIMEOUT_MS, interval: 20 },
    );
    for (const node of nodes) node.disconnect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: ports.map((p) => `redis://127.0.0.1:${p}`).join(','), stop };
}
