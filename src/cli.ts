#!/usr/bin/env node
/**
 * svc-gateway commands (the package's `bin`). Each command lives next to the domain it serves
 * and exports `run(argv): Promise<number>` returning the process exit code (2 = usage error).
 */
const commands: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  start: () => import('./start-command.ts'),
  sandbox: () => import('./sandbox/command.ts'),
  sign: () => import('./auth/sign-command.ts'),
  keys: () => import('./auth/keys-command.ts'),
  persisted: () => import('./persisted/command.ts'),
};

const USAGE = `usage: svc-gateway <${Object.keys(commands).join('|')}> [options]
       svc-gateway <command> --help
`;

const [name, ...argv] = process.argv.slice(2);
if (name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(USAGE);
  process.exit(0);
}
const load = name ? commands[name] : undefined;
if (!load) {
  process.stderr.write(`${name ? `unknown command: ${name}\n` : ''}${USAGE}`);
  process.exit(2);
}
const command = await load();
// Exit explicitly: `start` and `sandbox` may leave idle keep-alive sockets behind on close.
process.exit(await command.run(argv));
