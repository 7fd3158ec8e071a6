/**
 * The registry's store keys (layout in registry.ts) and the rules an app name and version obey.
 */

export interface PublishedVersion {
  app: string;
  version: string;
  operations: number;
  /** ISO 8601 */
  publishedAt: string;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const APP = /^[a-z0-9][a-z0-9._-]{0,39}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;
/** The field of a document's hash that holds its text; the others are its references. */
export const DOC = 'doc';
export const INDEX = 'po:{index}';
export const manifestKey = (ref: string) => `${INDEX}:manifest:${ref}`;
export const opKey = (hash: string) => `po:op:{${hash}}`;

export function versionRef(app: string, version: string): string {
  if (!APP.test(app)) throw new RegistryError(`app "${app}": expected [a-z0-9._-], at most 40`);
  if (!VERSION.test(version)) {
    throw new RegistryError(`version "${version}": expected [0-9A-Za-z.+_-], at most 40`);
  }
  return `${app}@${version}`;
}
