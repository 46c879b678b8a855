import { Link } from '@tanstack/react-router';

interface BrandProps {
  /** Where the brand leads: the home of the area the user is in. */
  to: '/' | '/customer/dashboard' | '/staff/dashboard';
}

/** "Fleet Rental" with its mark, shown in every sidebar (SPEC §1). */
export function Brand({ to }: BrandProps) {
  return (
    <Link to={to} className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path
          d="M7 20.5h18M9 20.5v-3.2l2.2-5.3h9.6l2.2 5.3v3.2M9 17.3h14"
          fill="none"
          stroke="var(--color-brand-900)"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="12" cy="21.5" r="1.9" fill="var(--color-brand-900)" />
        <circle cx="20" cy="21.5" r="1.9" fill="var(--color-brand-900)" />
      </svg>
      <span className="brand__name">Fleet Rental</span>
    </Link>
  );
}
