import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './env';

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

const rootEngines = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as Lock;

describe('supported Node versions', () => {
  it('are the ones every locked package accepts (npm install warns otherwise)', () => {
    // The lowest version of each range the root's engines allow.
    const lowest = rootEngines.split('||').map((range) => semver.minVersion(range.trim())!.version);
    expect(lowest.length).toBeGreaterThan(0);
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!range || name === '') return [];
      return lowest.filter((version) => !semver.satisfies(version, range)).map((version) => `${name}@${entry.version} wants ${range}, not ${version}`);
    });
    expect(refusing).toEqual([]);
  });

  it('include the Node of this machine and of the Docker image', () => {
    expect(semver.satisfies(process.version, rootEngines)).toBe(true);
    const image = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8').match(/^FROM node:(\d+)/m)?.[1];
    expect(semver.satisfies(`${image}.99.0`, rootEngines)).toBe(true);
  });
});
