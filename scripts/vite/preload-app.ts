import type { Plugin } from 'vite';

/**
 * index.html preloads the chunk of `entryModule` (imported dynamically by the entry, see
 * src/app/main.ts), the chunks it imports and their styles, as Vite does for static imports: the
 * code is fetched and compiled while the page is parsed, and the styles are there for the first
 * paint, though the code runs later.
 */
export function preloadApp(entryModule: RegExp): Plugin {
  return {
    name: 'fleet:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.moduleIds.some((id) => entryModule.test(id)),
        );
        if (app?.type !== 'chunk') throw new Error(`no chunk holds ${String(entryModule)}`);
        const chunks = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || chunks.has(fileName)) return;
          chunks.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        // What Vite links already (the entry's own imports and styles) is not linked twice.
        const tag = (rel: string) => (fileName: string) =>
          html.includes(`/${fileName}"`)
            ? []
            : [{ tag: 'link', attrs: { rel, crossorigin: true, href: `/${fileName}` }, injectTo: 'head' } as const];
        return [...[...chunks].flatMap(tag('modulepreload')), ...[...styles].flatMap(tag('stylesheet'))];
      },
    },
  };
}
