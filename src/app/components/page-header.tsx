import { useEffect, type ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons or links shown at the end of the header (wrapping under the title on phones). */
  actions?: ReactNode;
}

/** The screen's one `<h1>`, with an optional description and actions; also names the browser tab. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Fleet Rental`;
  }, [title]);
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
