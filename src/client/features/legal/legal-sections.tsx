import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page's numbered sections, with their table of contents first and a way back to the title. */
export function LegalSections({ sections, titleId }: { sections: readonly LegalSection[]; titleId: string }) {
  const tocTitleId = `${titleId}-toc`;
  return (
    <>
      <nav className="legal-toc" aria-labelledby={tocTitleId}>
        <p className="legal-toc__title" id={tocTitleId}>
          On this page
        </p>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <p className="legal-back-to-top">
        <a href={`#${titleId}`}>Back to top</a>
      </p>
    </>
  );
}
