import type { ReactNode } from 'react';
import '../legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal text with a table of contents whose links scroll in place (they must not follow <base href>). */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="container page legal">
      <h1>{title}</h1>
      <p className="muted">Last updated: {updated}</p>
      <div className="legal-intro">{intro}</div>
      <nav aria-label="Contents" className="legal-toc card">
        <h2>Contents</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>
            {i + 1}. {s.title}
          </h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
