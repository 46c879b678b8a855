import type { Plugin } from 'vite';

const MARKER = '<!--app-styles-->';

/**
 * Moves the stylesheets Vite and preloadApp link in the head to `<!--app-styles-->` in the body,
 * after the loading shell and before the root (decision 036). A stylesheet in the head holds
 * the first paint until it has arrived; one in the body holds only what follows it, so the shell
 * (styled inline) paints from the HTML alone, while the root — the app, or the kept first screen
 * the service worker puts in it — still never shows unstyled.
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'fleet:styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(MARKER)) throw new Error(`index.html has no ${MARKER} to put the stylesheets at`);
        const links: string[] = [];
        const head = html.slice(0, html.indexOf('</head>')).replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        const rest = html.slice(html.indexOf('</head>'));
        return head + rest.replace(MARKER, links.join('\n    '));
      },
    },
  };
}
