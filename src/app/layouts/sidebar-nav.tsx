import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Icon } from '../components/icons.tsx';
import type { NavSection } from './nav.ts';

function Section({ section }: { section: NavSection }) {
  const titleId = useId();
  return (
    <li className="nav__section">
      {section.title ? (
        <span className="nav__title" id={titleId}>
          {section.title}
        </span>
      ) : null}
      <ul className="nav__list" aria-labelledby={section.title ? titleId : undefined}>
        {section.items.map((item) => (
          <li key={`${item.to}-${item.label}`}>
            {/* The router marks the current page with aria-current="page", which the CSS styles. */}
            <Link to={item.to} className="nav__link" activeOptions={{ exact: item.exact ?? false }}>
              <Icon icon={item.icon} />
              <span>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function SidebarNav({ sections }: { sections: NavSection[] }) {
  return (
    <ul className="nav">
      {sections.map((section, index) => (
        <Section key={section.title ?? `section-${index}`} section={section} />
      ))}
    </ul>
  );
}
