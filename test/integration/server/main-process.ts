/**
 * `src/main.ts` as a child process (tsx, PORT=0, ADMIN_PORT=0, only the given environment
 * besides PATH), and a wait for what it prints once it listens.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  url: string;
  trader: string;
  admin: string;
  /** The admin listener (/metrics, /ready), from the JSON 'listening' line. */
  adminOrigin: string;
}

export function spawnMain(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ADMIN_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits until stderr shows the URL and both demo tokens, and the log the admin origin. */
export async function startMain(env: Record<string, string>): Promise<Started> {
  const child = spawnMain(env);
  const stdout: string[] = [];
  const stderr: string[] = [];
  return await new Promise<Started>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr.join('')}`)));
    const check = () => {
      const text = stderr.join('');
      const url = /gateway: (http:\/\/\S+\/graphql)/.exec(text)?.[1];
      const trader = /trader:\s+(svcgw_\S+)/.exec(text)?.[1];
      const admin = /broker admin:\s+(svcgw_\S+)/.exec(text)?.[1];
      const adminOrigin = /"admin":"(http:\/\/[^"]+)"/.exec(stdout.join(''))?.[1];
      if (url && trader && admin && adminOrigin) {
        resolve({ child, stdout, stderr, url, trader, admin, adminOrigin });
      }
    };
    child.stdout?.on('data', (b: Buffer) => {
      stdout.push(b.toString());
      check();
    });
    child.stderr?.on('data', (b: Buffer) => {
      stderr.push(b.toString());
      check();
    });
  });
}
