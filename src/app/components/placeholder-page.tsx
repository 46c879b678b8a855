import { PageHeader } from './page-header.tsx';

interface PlaceholderPageProps {
  title: string;
  line: string;
}

/** A screen with only its title and one line (SPEC §2's placeholder pages, and screens still to come). */
export function PlaceholderPage({ title, line }: PlaceholderPageProps) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <section className="panel">
        <p className="panel__lead">{line}</p>
      </section>
    </div>
  );
}
