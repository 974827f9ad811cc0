import { ContentSection } from '../../components/layout/content-section.js';
import { PageHero } from '../../components/layout/page-hero.js';
import { Avatar } from '../../components/ui/avatar.js';
import { Icon } from '../../components/ui/icon.js';
import { FeatureCard } from '../../features/marketing/components/feature-card.js';
import { QuoteList } from '../../features/marketing/components/quote-list.js';
import { content as english } from '../../features/marketing/content/teams.en.js';
import type { TeamsContent } from '../../features/marketing/content/page-content.js';
import type { TeamMember } from '../../features/marketing/data/team.js';
import { localizedContent } from '../../lib/i18n/localized-content.js';

const networks = { linkedin: 'LinkedIn', twitter: 'X', github: 'GitHub' } as const;

function MemberLinks({ member, onNetwork }: { member: TeamMember; onNetwork: TeamsContent['onNetwork'] }) {
  const links = (Object.keys(networks) as (keyof typeof networks)[]).flatMap((network) => {
    const href = member.social[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <ul className="social-links social-links--small">
      {links.map(({ network, href }) => (
        <li key={network}>
          <a
            className="social-links__link"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={onNetwork(member.name, networks[network])}
          >
            <Icon name={network} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Teams({ content }: { content: TeamsContent }) {
  const { hero, stats, leadership, values, quotes, join } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title}>
        <p>{hero.lead}</p>
      </PageHero>

      <section className="section section--compact" aria-label={stats.label}>
        <div className="container">
          <dl className="stats">
            {stats.items.map((stat) => (
              <div key={stat.label} className="stats__item">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <ContentSection id="leadership" eyebrow={leadership.eyebrow} title={leadership.title}>
        <ul className="card-grid card-grid--3">
          {leadership.members.map((member) => (
            <li key={member.name} className={`card member-card member-card--${member.roleColor}`}>
              <Avatar src={member.image} alt={content.portraitOf(member.name)} size="lg" />
              <h3>{member.name}</h3>
              <p className="member-card__position">{member.position}</p>
              <p>{member.description}</p>
              <MemberLinks member={member} onNetwork={content.onNetwork} />
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="values" eyebrow={values.eyebrow} title={values.title} tinted>
        <ul className="card-grid card-grid--3">
          {values.items.map((value) => (
            <FeatureCard key={value.icon} {...value} />
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="quotes" eyebrow={quotes.eyebrow} title={quotes.title}>
        <QuoteList
          quotes={quotes.items.map(({ role, ...quote }) => ({ ...quote, detail: role }))}
          portraitOf={content.portraitOf}
        />
      </ContentSection>

      <section className="section" aria-labelledby="join-title">
        <div className="container">
          <div className="cta-banner">
            <div>
              <h2 id="join-title">{join.title}</h2>
              <p>{join.body}</p>
            </div>
            <div className="cta-banner__actions">
              {/* The page's requirements have this button do nothing: there is no careers page yet. */}
              <button type="button" className="button button--light button--large">
                {join.button}
              </button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

// The team page in the page's language: English in this chunk, each translation a chunk of its own.
export const TeamsRoute = localizedContent(
  english,
  {
    es: () => import('../../features/marketing/content/teams.es.js'),
    pt: () => import('../../features/marketing/content/teams.pt.js'),
    de: () => import('../../features/marketing/content/teams.de.js'),
    fr: () => import('../../features/marketing/content/teams.fr.js'),
  },
  Teams,
);
