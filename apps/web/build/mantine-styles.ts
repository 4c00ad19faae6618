import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** Mantine's generated class names (CSS modules compiled by Mantine: `m_` and seven or eight hex digits). */
const CLASS = /\bm_[0-9a-f]{7,8}\b/g;

/** Every Mantine class → the stylesheet that styles it, as the import to add. */
function mantineStylesheets(root: string): Map<string, string> {
  const require = createRequire(path.join(root, 'package.json'));
  const sheets: [string, string][] = [];
  const core = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  for (const file of readdirSync(core)) {
    if (file.endsWith('.css') && !file.endsWith('.layer.css')) sheets.push([`@mantine/core/styles/${file}`, path.join(core, file)]);
  }
  for (const pkg of ['@mantine/dates', '@mantine/notifications']) sheets.push([`${pkg}/styles.css`, require.resolve(`${pkg}/styles.css`)]);
  const owner = new Map<string, string>();
  for (const [name, file] of sheets) {
    for (const [found] of readFileSync(file, 'utf8').matchAll(CLASS)) if (!owner.has(found)) owner.set(found, name);
  }
  return owner;
}

/** A chunk and every chunk it imports statically: what runs, and whose stylesheets load, with it. */
function staticClosure(fileName: string, bundle: OutputBundle): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return;
    seen.set(file, chunk);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return [...seen.values()];
}

/**
 * Mantine's styles are imported per component (src/mantine.css and, for components only some pages
 * use, next to their use). This build check keeps that complete: for the entry and every lazily
 * loaded chunk, each Mantine class its code (with its static imports) can put on an element must be
 * styled by a stylesheet loaded by then, the entry's or its own (Vite loads a lazy chunk's CSS before
 * running it). A missing one fails the build with the import to add.
 */
export function mantineStylesCheck(root: string): Plugin {
  return {
    name: 'carpool-mantine-styles-check',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const owner = mantineStylesheets(root);
        const styled = new Map<string, Set<string>>();
        const classesOf = (cssFile: string) => {
          let classes = styled.get(cssFile);
          if (!classes) {
            const asset = bundle[cssFile];
            classes = new Set(asset?.type === 'asset' ? String(asset.source).match(CLASS) ?? [] : []);
            styled.set(cssFile, classes);
          }
          return classes;
        };
        const cssOf = (closure: OutputChunk[]) => closure.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const entryCss = cssOf(staticClosure(entry.fileName, bundle));
        const problems: string[] = [];
        for (const chunk of chunks.filter((item) => item.isEntry || item.isDynamicEntry)) {
          const closure = staticClosure(chunk.fileName, bundle);
          const loaded = new Set([...entryCss, ...cssOf(closure)].flatMap((file) => [...classesOf(file)]));
          const missing = new Set<string>();
          for (const item of closure) {
            for (const [found] of item.code.matchAll(CLASS)) {
              const sheet = owner.get(found);
              if (sheet && !loaded.has(found)) missing.add(sheet);
            }
          }
          if (missing.size > 0) problems.push(`${chunk.facadeModuleId ?? chunk.fileName}: ${[...missing].sort().join(', ')}`);
        }
        if (problems.length > 0) {
          this.error(
            `Mantine components without their stylesheet (import it in src/mantine.css, or in the module that uses the component):\n  ${problems.join('\n  ')}`,
          );
        }
      },
    },
  };
}
