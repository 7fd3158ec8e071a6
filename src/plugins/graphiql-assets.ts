/**
 * GraphiQL's JavaScript, CSS and Monaco workers, our small favicon (graphiql-favicon.ts), and
 * the workspace script with the example tabs (graphiql-workspace.ts), as separate,
 * content-addressed files
 * (`/graphiql/<name>.<hash>.<ext>`), so a browser downloads the ~9 MB once and caches it for
 * good, instead of receiving it inlined in every page.
 *
 * The files come from @graphql-yoga/render-graphiql, which only exports a renderer that
 * inlines them; its `graphiql.js` module (the same version, next to its entry point) holds
 * them as strings, so it is loaded by path. A version that moves them fails at start.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FAVICON_SVG } from './graphiql-favicon.ts';
import { workspaceScript } from './graphiql-workspace.ts';

export interface Asset {
  /** URL path, e.g. `/graphiql/graphiql.1a2b3c4d5e6f.js`. */
  path: string;
  contentType: string;
  body: Buffer;
  /** Strong ETag: the content hash. */
  etag: string;
}

export interface GraphiQLAssets {
  js: Asset;
  css: Asset;
  favicon: Asset;
  /** The example tabs and the code that opens the page on them. */
  workspace: Asset;
  /** Monaco's web workers, by the label Monaco asks for. */
  workers: { editorWorkerService: Asset; json: Asset; graphql: Asset };
  byPath: ReadonlyMap<string, Asset>;
}

export const ASSET_PREFIX = '/graphiql/';

interface BundledStrings {
  js: string;
  css: string;
  editorWorkerService: string;
  jsonWorker: string;
  graphqlWorker: string;
}

function loadBundle(): BundledStrings {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@graphql-yoga/render-graphiql');
  const bundle = require(join(dirname(entry), 'graphiql.js')) as Partial<BundledStrings>;
  for (const key of ['js', 'css', 'editorWorkerService', 'jsonWorker', 'graphqlWorker']) {
    if (typeof bundle[key as keyof BundledStrings] !== 'string') {
      throw new Error(`@graphql-yoga/render-graphiql no longer bundles "${key}" as a string`);
    }
  }
  return bundle as BundledStrings;
}

function asset(name: string, ext: string, contentType: string, body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { path: `${ASSET_PREFIX}${name}.${hash}.${ext}`, contentType, body, etag: `"${hash}"` };
}

let loaded: GraphiQLAssets | undefined;

/** The assets, read and hashed once per process (about 9 MB, kept in memory). */
export function graphiqlAssets(): GraphiQLAssets {
  if (loaded) return loaded;
  const b = loadBundle();
  const js = 'text/javascript; charset=utf-8';
  const assets = {
    js: asset('graphiql', 'js', js, Buffer.from(b.js)),
    css: asset('graphiql', 'css', 'text/css; charset=utf-8', Buffer.from(b.css)),
    favicon: asset('favicon', 'svg', 'image/svg+xml', Buffer.from(FAVICON_SVG)),
    workspace: asset('workspace', 'js', js, Buffer.from(workspaceScript())),
    workers: {
      editorWorkerService: asset('editor.worker', 'js', js, Buffer.from(b.editorWorkerService)),
      json: asset('json.worker', 'js', js, Buffer.from(b.jsonWorker)),
      graphql: asset('graphql.worker', 'js', js, Buffer.from(b.graphqlWorker)),
    },
  };
  const { workers, ...files } = assets;
  const all = [...Object.values(files), ...Object.values(workers)];
  loaded = { ...assets, byPath: new Map(all.map((a) => [a.path, a])) };
  return loaded;
}
