/**
 * svc-gateway commands. Each command lives next to the domain it serves and exports
 * `run(argv): Promise<number>` returning the process exit code (2 = usage error).
 */
const commands: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  sign: () => import('./auth/sign-command.ts'),
  keys: () => import('./auth/keys-command.ts'),
  sandbox: () => import('./sandbox/command.ts'),
  persisted: () => import('./persisted/command.ts'),
};

const [name, ...argv] = process.argv.slice(2);
const load = name ? commands[name] : undefined;
if (!load) {
  process.stderr.write(`usage: svc-gateway <${Object.keys(commands).join('|')}> [options]\n`);
  process.exit(2);
}
const command = await load();
process.exitCode = await command.run(argv);
