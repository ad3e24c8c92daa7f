import Markdown from 'markdown-to-jsx/react';

/** Headings inside user text sit under the page's own h1/h2. */
const Sub = ({ children }: { children?: React.ReactNode }) => <h3 className="md-heading">{children}</h3>;
const SubSub = ({ children }: { children?: React.ReactNode }) => <h4 className="md-heading">{children}</h4>;
/** No images from strangers' text (tracking pixels, huge files): their words instead. */
const ImageAsText = ({ alt }: { alt?: string }) => (alt ? <span>[{alt}]</span> : null);
const SafeLink = ({ href, children }: { href?: string; children?: React.ReactNode }) => (
  <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
    {children}
  </a>
);

/**
 * Markdown written by athletes and creators, rendered as React elements: raw
 * HTML is never parsed, URLs go through the library's sanitizer (no
 * javascript:), links open in a new tab without referrer.
 */
export function SafeMarkdown({ text }: { text: string }) {
  return (
    <div className="md">
      <Markdown
        options={{
          disableParsingRawHTML: true,
          forceBlock: true,
          overrides: {
            h1: Sub,
            h2: Sub,
            h3: SubSub,
            h4: SubSub,
            h5: SubSub,
            h6: SubSub,
            img: ImageAsText,
            a: SafeLink,
          },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
