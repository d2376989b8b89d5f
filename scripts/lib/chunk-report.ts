import type { Plugin } from 'vite';

export interface ChunkReport {
  [fileName: string]: {
    isEntry: boolean;
    imports: string[];
    dynamicImports: string[];
    facadeModuleId: string | null;
    /** Module id → rendered length, so a budget failure can say what is heavy. */
    modules: Record<string, number>;
  };
}

/** Writes .vite/chunks.json next to the manifest: every JS chunk with its static imports and its modules. */
export function chunkReport(): Plugin {
  return {
    name: 'upkeep-chunk-report',
    apply: 'build',
    generateBundle(_, bundle) {
      const report: ChunkReport = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          modules[id.replace(process.cwd(), '')] = info.renderedLength;
        }
        report[output.fileName] = {
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          facadeModuleId: output.facadeModuleId?.replace(process.cwd(), '') ?? null,
          modules,
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify(report, null, 1),
      });
    },
  };
}
