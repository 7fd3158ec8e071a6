/**
 * The gateway as production runs it: its compiled modules in dist/ (`npm run build`, from
 * tsconfig.build.json; `npm run bench` builds first). The bench's children load the gateway
 * and the sandbox from here, so the figures are those of dist/; the types are src/'s, the
 * same code before compiling. The children's own few lines still run under tsx, which leaves
 * plain JavaScript as tsc wrote it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The compiled `dist/<module>.js` of `src/<module>.ts`: `fromDist<typeof import('…')>('server')`. */
export async function fromDist<T>(module: string): Promise<T> {
  const file = `${DIST}${module}.js`;
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` first (\`npm run bench\` does)`);
  }
  return (await import(pathToFileURL(file).href)) as T;
}
