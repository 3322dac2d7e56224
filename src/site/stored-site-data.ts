import { lstatSync } from 'node:fs';
import path from 'node:path';
import { readOwnedRange, sha256, writeFileAtomic } from '../root/index.js';
import { generatorVersion } from '../version.js';
import type { SiteSnapshot } from './compiler.js';

/*
 * The site data a preview showed, kept in its Vite cache folder for the next start: a start on an
 * unchanged docs root then serves its first page without parsing the manifest (24 MB on firecrawl-docs,
 * ~0.5 s with its collection) to make the site data again. The export keeps its own in its marker.
 */

/** The site data of the build whose manifest hashes to `manifestHash` (`SiteSnapshot.siteKey`). */
export interface StoredSiteData {
  manifestHash: string;
  key: string;
}

const fileName = 'site-data.txt';
/** Site data is a summary of each page: far below this on every real corpus (firecrawl-docs: ~1 MB). */
const maxBytes = 64 * 1024 * 1024;

interface Header {
  version: string;
  base: string;
  manifestHash: string;
  /** sha256 of the key: a torn or edited file is not used. */
  hash: string;
}

/**
 * The site data stored in `dir` (a folder docs-build owns: the Vite cache folder, located by the caller)
 * for this docs-build and this base, when the file is whole; undefined otherwise.
 */
export function readStoredSiteData(dir: string, base: string): StoredSiteData | undefined {
  const file = path.join(dir, fileName);
  let bytes: Buffer | undefined;
  try {
    const size = lstatSync(file).size;
    // Read only when it is still that size (and a regular file inside `dir`, which readOwnedRange checks).
    bytes = size > maxBytes ? undefined : readOwnedRange(file, 0, size, (stats) => stats.size === size, { within: dir });
  } catch {
    return undefined;
  }
  if (bytes === undefined) return undefined;
  const newline = bytes.indexOf(10);
  if (newline === -1) return undefined;
  const header = parseHeader(bytes.toString('utf8', 0, newline));
  if (!header || header.version !== generatorVersion || header.base !== base) return undefined;
  const key = bytes.toString('utf8', newline + 1);
  return sha256(key) === header.hash ? { manifestHash: header.manifestHash, key } : undefined;
}

function parseHeader(line: string): Header | undefined {
  try {
    const value = JSON.parse(line) as Partial<Header> | null;
    const strings = value && [value.version, value.base, value.manifestHash, value.hash].every((field) => typeof field === 'string');
    return strings ? (value as Header) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the snapshot's site data in `dir` for the next start, unless `dir` holds it already (by manifest
 * hash). Returns the manifest hash now stored. A snapshot without one (a build that did not say which
 * manifest it made) is not stored. Write failures are the caller's to ignore: a cache only costs speed.
 */
export function storeSiteData(dir: string, snapshot: SiteSnapshot, stored: string | undefined): string | undefined {
  const manifestHash = snapshot.manifestHash;
  if (manifestHash === undefined || manifestHash === stored) return stored;
  const key = snapshot.siteKey;
  const header: Header = { version: generatorVersion, base: snapshot.base, manifestHash, hash: sha256(key) };
  writeFileAtomic(path.join(dir, fileName), `${JSON.stringify(header)}\n${key}`, { within: dir, durable: false });
  return manifestHash;
}
