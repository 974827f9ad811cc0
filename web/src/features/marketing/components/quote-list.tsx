import { QuoteCard, type QuoteCardProps } from './quote-card.js';

/** Quotes three to a row, each keyed by its author: members' testimonials and the team's own words. */
export function QuoteList({ quotes }: { quotes: readonly QuoteCardProps[] }) {
  return (
    <ul className="card-grid card-grid--3">
      {quotes.map((item) => (
        <QuoteCard
          key={item.author}
          quote={item.quote}
          author={item.author}
          avatar={item.avatar}
          detail={item.detail}
        />
      ))}
    </ul>
  );
}
