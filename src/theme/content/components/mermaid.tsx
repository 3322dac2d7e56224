import { useEffect, useId, useState, type ReactNode } from 'react';
import { textOf } from '../text.js';

let initialized: 'light' | 'dark' | null = null;

function currentTheme(): 'light' | 'dark' {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * A diagram: the server renders its source (readable without JavaScript, and what search engines see);
 * the browser loads mermaid only when a page has a diagram and swaps in the SVG. Re-rendered when
 * `html.dark` toggles.
 */
export function Mermaid({ chart, children }: { chart?: string; children?: ReactNode }): ReactNode {
  const source = chart ?? textOf(children);
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [svg, setSvg] = useState<string | null>(null);
  const [theme, setTheme] = useState<'light' | 'dark' | null>(null);

  useEffect(() => {
    setTheme(currentTheme());
    const observer = new MutationObserver(() => setTheme(currentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!theme || !source) return;
    let cancelled = false;
    void import('mermaid')
      .then(async ({ default: mermaid }) => {
        if (initialized !== theme) {
          mermaid.initialize({ startOnLoad: false, theme: theme === 'dark' ? 'dark' : 'default', securityLevel: 'strict' });
          initialized = theme;
        }
        const { svg: rendered } = await mermaid.render(`${id}-${theme}`, source);
        if (!cancelled) setSvg(rendered);
      })
      .catch(() => {
        // A diagram mermaid cannot parse keeps showing its source.
      });
    return () => {
      cancelled = true;
    };
  }, [theme, source, id]);

  if (svg) return <div className="db-mermaid" data-rendered="true" dangerouslySetInnerHTML={{ __html: svg }} />;
  return (
    <div className="db-mermaid">
      <pre className="db-mermaid-source">
        <code className="language-mermaid">{source}</code>
      </pre>
    </div>
  );
}
