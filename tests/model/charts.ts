import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { generateMachinePaths, type MachineGraph } from './paths.ts';
import type { MachineSamples } from './samples.ts';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');
/** The sample tables: test tooling, kept out of machines/ (which holds only charts). */
const samplesDir = path.resolve(import.meta.dirname, 'samples');

export interface Chart {
  /** The machine file's name: `machines/<name>.ts`, table `tests/model/samples/<name>.samples.ts`. */
  name: string;
  samples: MachineSamples<AnyStateMachine>;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value && 'provide' in value;

/** Every sample table in tests/model/samples/, found by file name: a new machine's table is picked up without a list. */
export async function loadCharts(only?: string): Promise<Chart[]> {
  const names = readdirSync(samplesDir)
    .filter((f) => f.endsWith('.samples.ts'))
    .map((f) => f.slice(0, -'.samples.ts'.length))
    .filter((name) => !only || name === only)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const mod = (await import(pathToFileURL(path.join(samplesDir, `${name}.samples.ts`)).href)) as {
        default: MachineSamples<AnyStateMachine>;
      };
      if (!mod.default || !isMachine(mod.default.machine))
        throw new Error(`tests/model/samples/${name}.samples.ts must default-export defineSamples({ machine, … })`);
      return { name, samples: mod.default };
    }),
  );
}

/** Machine files (machines/<name>.ts exporting a state machine) and the machines they export. */
export async function loadMachineFiles(): Promise<{ file: string; machines: AnyStateMachine[] }[]> {
  const files = readdirSync(machinesDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.samples.ts') && !f.endsWith('.d.ts'));
  const out = [];
  for (const file of files.sort()) {
    const mod = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<string, unknown>;
    const machines = Object.values(mod).filter(isMachine);
    if (machines.length) out.push({ file, machines });
  }
  return out;
}

const graphs = new Map<string, MachineGraph>();
/** Paths are generated once per chart per process. */
export function graphOf(chart: Chart): MachineGraph {
  let graph = graphs.get(chart.name);
  if (!graph) graphs.set(chart.name, (graph = generateMachinePaths(chart.name, chart.samples)));
  return graph;
}
