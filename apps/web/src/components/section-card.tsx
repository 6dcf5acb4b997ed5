import { Card, type CardProps } from 'antd';
import type { ReactNode } from 'react';
import './section-card.css';

type SectionCardProps = Omit<CardProps, 'title' | 'variant'> & {
  /** The card's level-2 heading; none for a card that introduces itself otherwise. */
  heading?: ReactNode;
};

/** One titled part of a settings page (the profile's): a borderless card whose action drops below the title when narrow. */
export function SectionCard({ heading, className, ...card }: SectionCardProps) {
  return (
    <Card
      {...card}
      variant="borderless"
      className={className ? `section-card ${className}` : 'section-card'}
      title={heading === undefined ? undefined : <h2 className="section-card__title">{heading}</h2>}
    />
  );
}
