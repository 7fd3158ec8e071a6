/**
 * Demo mode (the embedded sandbox with generated demo principals) is for one developer's
 * machine: its bearer tokens, the broker admin's included, are shown to whoever loads
 * GraphiQL. So the public port binds loopback unless HOST says otherwise, and GraphiQL hands
 * the tokens only to a loopback peer (graphiql-peer.ts).
 */

/** Where the public port listens without HOST. */
export const DEMO_HOST = '127.0.0.1';
export const DEFAULT_HOST = '0.0.0.0';

/** True for 127.0.0.0/8 and ::1, also written IPv4-mapped (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** HOST when set; else loopback in demo mode, every interface otherwise. */
export function publicHost(configured: string | undefined, demo: boolean): string {
  return configured ?? (demo ? DEMO_HOST : DEFAULT_HOST);
}

/** `localhost` for a wildcard or loopback bind (what the README shows), else the host. */
export function shownHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || isLoopbackAddress(host) ? 'localhost' : host;
}

/** The line for an operator who binds demo mode beyond loopback; undefined when it is not. */
export function demoExposure(host: string, demo: boolean): string | undefined {
  if (!demo || isLoopbackAddress(host) || host === 'localhost') return undefined;
  return (
    `WARNING: demo mode (demo principals, no keystore) listens on ${host}: other machines can ` +
    'reach it. Anyone who has a demo token can trade as the demo trader and act as the broker ' +
    'admin; GraphiQL hands the tokens to loopback clients only. Unset HOST (127.0.0.1), or ' +
    'set SVC_KEYSTORE.'
  );
}
