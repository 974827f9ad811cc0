import { Icon } from '../../../components/ui/icon.js';

export interface FeatureCardProps {
  icon: string;
  title: string;
  description: string;
}

/** An icon, a title and a line: what sets the product apart on the home page, and the team's values. */
export function FeatureCard({ icon, title, description }: FeatureCardProps) {
  return (
    <li className="card feature-card">
      <span className="feature-card__icon">
        <Icon name={icon} />
      </span>
      <h3>{title}</h3>
      <p>{description}</p>
    </li>
  );
}
