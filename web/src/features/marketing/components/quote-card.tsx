import { Avatar } from '../../../components/ui/avatar.js';

export interface QuoteCardProps {
  quote: string;
  author: string;
  avatar?: string | null;
  /** Shown under the name: how a member met someone, or a team member's role. */
  detail: string;
  /** The portrait's alt text in the page's language: "Portrait of Amara O.". */
  portraitOf: (name: string) => string;
}

/** A quote with its author: members' testimonials and the team's own words look alike on purpose. */
export function QuoteCard({ quote, author, avatar, detail, portraitOf }: QuoteCardProps) {
  return (
    <li className="card testimonial">
      <figure>
        <blockquote className="testimonial__quote">
          <p>{quote}</p>
        </blockquote>
        <figcaption className="testimonial__author">
          <Avatar src={avatar} alt={portraitOf(author)} />
          <span>
            <strong>{author}</strong>
            <span className="muted">{detail}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}
