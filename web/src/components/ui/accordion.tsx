import { useId, useState, type ReactNode } from 'react';
import { Icon } from './icon.js';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

/** The accordion's rule: at most one item open; opening one closes the other; clicking the open one closes it. */
export function nextOpenIndex(current: number | null, clicked: number): number | null {
  return current === clicked ? null : clicked;
}

export function Accordion({ items, headingLevel = 2 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div className={expanded ? 'accordion__item is-open' : 'accordion__item'} key={item.question}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpenIndex(current, index))}
              >
                <span>{item.question}</span>
                <Icon name="chevronDown" className="accordion__chevron" size={20} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
              <div className="accordion__answer">{item.answer}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
