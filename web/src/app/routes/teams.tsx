import { ContentSection } from '../../components/layout/content-section.js';
import { PageHero } from '../../components/layout/page-hero.js';
import { Avatar } from '../../components/ui/avatar.js';
import { Icon } from '../../components/ui/icon.js';
import { FeatureCard } from '../../features/marketing/components/feature-card.js';
import { QuoteList } from '../../features/marketing/components/quote-list.js';
import { employeeQuotes, leadership, values, type TeamMember } from '../../features/marketing/data/team.js';

const stats = [
  { value: '25+', label: 'team members' },
  { value: '8', label: 'countries' },
  { value: '5M+', label: 'users' },
] as const;

const networks = { linkedin: 'LinkedIn', twitter: 'X', github: 'GitHub' } as const;

function MemberLinks({ member }: { member: TeamMember }) {
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
            aria-label={`${member.name} on ${networks[network]} (opens in a new tab)`}
          >
            <Icon name={network} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function TeamsRoute() {
  return (
    <>
      <PageHero eyebrow="Our team" title="The people behind every match">
        <p>A small, caring team spread over eight countries, building a kinder way to meet.</p>
      </PageHero>

      <section className="section section--compact" aria-label="Our team in numbers">
        <div className="container">
          <dl className="stats">
            {stats.map((stat) => (
              <div key={stat.label} className="stats__item">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <ContentSection id="leadership" eyebrow="Leadership" title="Leadership Team">
        <ul className="card-grid card-grid--3">
          {leadership.map((member) => (
            <li key={member.name} className={`card member-card member-card--${member.roleColor}`}>
              <Avatar src={member.image} alt={`Portrait of ${member.name}`} size="lg" />
              <h3>{member.name}</h3>
              <p className="member-card__position">{member.position}</p>
              <p>{member.description}</p>
              <MemberLinks member={member} />
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="values" eyebrow="What we believe" title="Our values" tinted>
        <ul className="card-grid card-grid--3">
          {values.map((value) => (
            <FeatureCard key={value.title} {...value} />
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="quotes" eyebrow="Life at Meet Match Date Marry" title="In our own words">
        <QuoteList quotes={employeeQuotes.map(({ role, ...quote }) => ({ ...quote, detail: role }))} />
      </ContentSection>

      <section className="section" aria-labelledby="join-title">
        <div className="container">
          <div className="cta-banner">
            <div>
              <h2 id="join-title">Join Our Team</h2>
              <p>We're always looking for kind, curious people who want to help others find love and friendship.</p>
            </div>
            <div className="cta-banner__actions">
              {/* The page's requirements have this button do nothing: there is no careers page yet. */}
              <button type="button" className="button button--light button--large">
                View Open Positions
              </button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
