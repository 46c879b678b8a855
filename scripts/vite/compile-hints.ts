import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chromium 136+): compile every function of the file at once. */
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks `index.html` loads so V8 compiles their functions eagerly, off the main thread
 * while the file streams in, and keeps them in the code cache it makes for the service worker's
 * copies. Without it each function of React, the router and the shell is compiled lazily on the
 * main thread the first time it runs — every time the app opens. Lazy chunks stay lazy.
 *
 * Done on the written files: Vite's own last steps still prepend code to a chunk in the bundle.
 */
export function compileHints(): Plugin {
  return {
    name: 'fleet:compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      // The scripts index.html loads or preloads.
      const html = await readFile(path.join(dir, 'index.html'), 'utf8');
      const initial = new Set<string>();
      for (const [, fileName] of html.matchAll(
        /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g,
      )) {
        if (fileName) initial.add(fileName);
      }
      for (const fileName of initial) {
        if (bundle[fileName]?.type !== 'chunk') continue;
        const file = path.join(dir, fileName);
        await writeFile(file, HINT + (await readFile(file, 'utf8')));
        // One line more at the top: the source map's lines move down by one.
        const mapFile = `${file}.map`;
        const map = JSON.parse(await readFile(mapFile, 'utf8').catch(() => 'null')) as { mappings: string } | null;
        if (map) await writeFile(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}
