import { QuoteCard, type QuoteCardProps } from './quote-card.js';

/** Quotes three to a row, each keyed by its author: members' testimonials and the team's own words. */
export function QuoteList({
  quotes,
  portraitOf,
}: {
  quotes: readonly Omit<QuoteCardProps, 'portraitOf'>[];
  portraitOf: (name: string) => string;
}) {
  return (
    <ul className="card-grid card-grid--3">
      {quotes.map((item) => (
        <QuoteCard
          key={item.author}
          quote={item.quote}
          author={item.author}
          avatar={item.avatar}
          detail={item.detail}
          portraitOf={portraitOf}
        />
      ))}
    </ul>
  );
}
