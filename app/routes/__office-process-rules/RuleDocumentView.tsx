import type { RuleDocument } from "@domain/office-process-rules";

/**
 * A filled rules document as an article. The title takes the level the page gives it (h1 on the
 * print sheet, h2 below the page's own h1), the articles the level under it.
 */
export function RuleDocumentView({ document, titleLevel }: { document: RuleDocument; titleLevel: 1 | 2 }) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  const Heading = titleLevel === 1 ? "h2" : "h3";
  return (
    <article className="rule-document" data-testid="rule-document">
      <Title>{document.title}</Title>
      {document.preamble === undefined ? null : <p>{document.preamble}</p>}
      {document.sections.map((section) => (
        <section key={section.heading}>
          <Heading>{section.heading}</Heading>
          {section.paragraphs.map((paragraph, index) => (
            // The text never reorders, and two paragraphs may read the same once blanks are filled.
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      {document.footer.length === 0 ? null : (
        <footer className="rule-document__footer">
          {document.footer.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </footer>
      )}
    </article>
  );
}
