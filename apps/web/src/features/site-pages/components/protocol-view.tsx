import type { ProtocolContent } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import './site-pages.css';

/** A protocol (user, privacy, recharge) as its live version says, in the reader's language: text only. */
export function ProtocolView({ content }: { content: ProtocolContent }) {
  const { t } = useTranslation();
  return (
    <article className="site-protocol" data-testid="protocol-document">
      <h1 className="site-protocol__title">{content.title}</h1>
      <p className="site-protocol__date">{t('sitePages.protocol.effective', { date: content.effectiveDate })}</p>
      <p className="site-protocol__intro">{content.intro}</p>
      {content.sections.map((section, index) => (
        <section key={index}>
          <h2 className="site-protocol__heading">{section.heading}</h2>
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex} className="site-protocol__paragraph">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {content.contactNote && <p className="site-protocol__contact">{content.contactNote}</p>}
    </article>
  );
}
