import { describe, expect, it } from 'vitest';
import { withFirstScreen } from './first-screen-policy.ts';

const shell =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-AAA.js"></script>' +
  '<link rel="modulepreload" href="/assets/vendor-BBB.js"></head><body><div id="root"></div></body></html>';

describe('withFirstScreen', () => {
  it('puts the snapshot inside the root of the shell drawn by the same build', () => {
    const html = withFirstScreen(shell, '<main><h1>Available Vehicles</h1></main>', '/assets/index-AAA.js');
    expect(html).toBe(
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-AAA.js"></script>' +
        '<link rel="modulepreload" href="/assets/vendor-BBB.js"></head><body><div id="root"><main><h1>Available Vehicles</h1></main></div></body></html>',
    );
  });

  it('leaves the loading shell out: the snapshot is the first screen', () => {
    const withLoadingShell = shell.replace(
      '<body>',
      '<body><!--boot-shell--><div class="boot" aria-busy="true"><p role="status">Loading</p></div><!--/boot-shell-->',
    );
    const html = withFirstScreen(withLoadingShell, '<main>cards</main>', '/assets/index-AAA.js');
    expect(html).toContain('<body><div id="root"><main>cards</main></div></body>');
    expect(html).not.toContain('Loading');
  });

  it("refuses another build's snapshot, an empty one, and a shell without the empty root", () => {
    expect(withFirstScreen(shell, '<main></main>', '/assets/index-OLD.js')).toBeNull();
    expect(withFirstScreen(shell, '<main></main>', null)).toBeNull();
    expect(withFirstScreen(shell, '  ', '/assets/index-AAA.js')).toBeNull();
    expect(
      withFirstScreen(
        shell.replace('<div id="root"></div>', '<div id="app"></div>'),
        '<main></main>',
        '/assets/index-AAA.js',
      ),
    ).toBeNull();
    expect(withFirstScreen('<p>maintenance</p>', '<main></main>', '/assets/index-AAA.js')).toBeNull();
  });

  it('keeps a snapshot text with $ patterns as it is', () => {
    const html = withFirstScreen(shell, "<p>$& $1 $' £45.00</p>", '/assets/index-AAA.js');
    expect(html).toContain('<div id="root"><p>$& $1 $\' £45.00</p></div>');
  });
});
