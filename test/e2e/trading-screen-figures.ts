/**
 * What the trading-screen test prints (not asserts): the bundle's size as served, raw and
 * compressed, the time esbuild took, and the page's first frames.
 */
import type { Page } from 'playwright-core';
import type { Running } from '../integration/server/harness.ts';

export interface BundleFigures {
  page: string;
  csp: string;
  jsBytes: number;
  jsGzipBytes: number;
  jsBrotliBytes: number;
  cssBytes: number;
  buildMs: number | undefined;
}

const served = async (url: string, encoding: string) => {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  // fetch decodes the body: the header says what went over the wire.
  const length = Number(response.headers.get('content-length'));
  await response.arrayBuffer();
  return length;
};

/** Loads /demo (building the bundle if it is not yet) and measures its files. */
export async function bundleFigures(gw: Running): Promise<BundleFigures> {
  const response = await fetch(`${gw.origin}/demo`);
  const page = await response.text();
  const js = /src="(\/demo\/app\.[0-9a-f]+\.js)"/.exec(page)?.[1];
  const css = /href="(\/demo\/app\.[0-9a-f]+\.css)"/.exec(page)?.[1];
  if (!js || !css) throw new Error(`no bundle in the page: ${page.slice(0, 400)}`);
  const built = gw.logs.find((line) => line.includes('trading screen bundled'));
  return {
    page,
    csp: response.headers.get('content-security-policy') ?? '',
    jsBytes: await served(`${gw.origin}${js}`, 'identity'),
    jsGzipBytes: await served(`${gw.origin}${js}`, 'gzip'),
    jsBrotliBytes: await served(`${gw.origin}${js}`, 'br'),
    cssBytes: await served(`${gw.origin}${css}`, 'identity'),
    buildMs: built ? (JSON.parse(built) as { buildMs?: number }).buildMs : undefined,
  };
}

/** Milliseconds from navigation start: first contentful paint, and the book's first frame. */
export function firstFrame(
  page: Page,
): Promise<{ firstContentfulPaintMs: number; bookMs: number }> {
  return page.evaluate(() => {
    const at = (name: string) => Math.round(performance.getEntriesByName(name)[0]?.startTime ?? -1);
    return {
      firstContentfulPaintMs: at('first-contentful-paint'),
      bookMs: at('svc:book-first-frame'),
    };
  });
}
