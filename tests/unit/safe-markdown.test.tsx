import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SafeMarkdown } from '#src/components/safe-markdown.tsx';

const render = (text: string) => renderToStaticMarkup(createElement(SafeMarkdown, { text }));

describe('challenge descriptions (Markdown from users)', () => {
  it('renders Markdown structure', () => {
    const html = render('# Fran\n\n21-15-9 **for time**:\n\n- Thrusters\n- Pull-ups\n\n[Standards](https://example.test/fran)');
    expect(html).toContain('<h3 class="md-heading">Fran</h3>');
    expect(html).toContain('<strong>for time</strong>');
    expect(html).toContain('<li>Thrusters</li>');
    expect(html).toContain('href="https://example.test/fran" target="_blank" rel="noopener noreferrer nofollow ugc"');
  });

  it('never turns user text into live HTML, scripts or javascript: links', () => {
    const html = render(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))\n\n![pixel](https://tracker.test/p.gif)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('[pixel]');
  });
});
