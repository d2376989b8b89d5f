/** What the browser walks write per path and per machine (read by each walk's gate test and scripts/qa.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from '../stack';

export const WALKS_DIR = join(E2E.workDir, 'walks');

export interface WalkStepRecord {
  label: string;
  state: string;
  ok: boolean;
  screenshot?: string;
}

export interface WalkPathRecord {
  machineId: string;
  index: number;
  title: string;
  description: string;
  replay: string;
  ok: boolean;
  error?: string;
  steps: WalkStepRecord[];
  states: string[];
  transitions: string[];
  outputDir: string;
  seconds: number;
}

export interface WalkCoverageRecord {
  machineId: string;
  file: string;
  states: { covered: string[]; excluded: Record<string, string>; missing: string[]; total: number };
  transitions: {
    covered: string[];
    excluded: Record<string, string>;
    missing: string[];
    total: number;
    descriptions: Record<string, string>;
  };
  paths: { total: number; walked: number; passed: number; generated: number };
}

export function readWalkRecords(dir: string = WALKS_DIR): {
  coverage: WalkCoverageRecord[];
  paths: WalkPathRecord[];
} {
  const coverage: WalkCoverageRecord[] = [];
  const paths: WalkPathRecord[] = [];
  let machines: string[] = [];
  try {
    machines = readdirSync(dir);
  } catch {
    return { coverage, paths };
  }
  for (const machine of machines) {
    for (const name of readdirSync(join(dir, machine))) {
      if (!name.endsWith('.json')) continue;
      const value: unknown = JSON.parse(readFileSync(join(dir, machine, name), 'utf8'));
      if (name === 'coverage.json') coverage.push(value as WalkCoverageRecord);
      else paths.push(value as WalkPathRecord);
    }
  }
  paths.sort((a, b) => a.machineId.localeCompare(b.machineId) || a.index - b.index);
  return { coverage, paths };
}
