/**
 * The reference trading screen's JavaScript and CSS (demo/), bundled by esbuild from its
 * sources and npm packages on the first request for `/demo`, then kept in memory as
 * content-addressed files (`/demo/app.<hash>.js`, `.css`). Nothing is fetched from a CDN and
 * no bundle is committed. esbuild is a dev dependency, imported only here and only then: in
 * production the route does not exist (use-demo.ts), and without dev dependencies the import
 * fails and `/demo` answers 503.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Asset } from '../plugins/graphiql-assets.ts';

export const DEMO_PATH = '/demo';
export const DEMO_ASSET_PREFIX = '/demo/';

/** demo/src/main.tsx, from src/demo/ (tsx) or dist/demo/ (the build): two levels up. */
export const DEMO_ENTRY = fileURLToPath(new URL('../../demo/src/main.tsx', import.meta.url));

export interface DemoBundle {
  js: Asset;
  css: Asset;
  byPath: ReadonlyMap<string, Asset>;
  /** How long esbuild took, for the log line and the browser test's report. */
  buildMs: number;
}

const CONTENT_TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

function asset(ext: 'js' | 'css', text: Uint8Array): Asset {
  const body = Buffer.from(text);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const path = `${DEMO_ASSET_PREFIX}app.${hash}.${ext}`;
  return { path, contentType: CONTENT_TYPES[ext], body, etag: `"${hash}"` };
}

/** Builds under way in this process: esbuild's service is stopped when the last one ends. */
let building = 0;

/** Bundles `entry` (minified ES2022 for the browser, Preact's automatic JSX runtime). */
export async function buildDemoBundle(entry = DEMO_ENTRY): Promise<DemoBundle> {
  const esbuild = await import('esbuild');
  const started = performance.now();
  building++;
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      outdir: 'demo-out',
      entryNames: 'app',
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      jsx: 'automatic',
      jsxImportSource: 'preact',
      legalComments: 'none',
      logLevel: 'silent',
    });
    const output = (ext: string) => result.outputFiles.find((file) => file.path.endsWith(ext));
    const js = output('.js');
    const css = output('.css');
    if (!js || !css) throw new Error('esbuild produced no app.js or app.css for demo/');
    const assets = { js: asset('js', js.contents), css: asset('css', css.contents) };
    return {
      ...assets,
      byPath: new Map([assets.js, assets.css].map((a) => [a.path, a])),
      buildMs: Math.round(performance.now() - started),
    };
  } finally {
    // esbuild's service is a child process: stop it once no build needs it (a bundle is built
    // once per gateway; stopping under a build in flight would leave that build unanswered).
    if (--building === 0) await esbuild.stop();
  }
}
