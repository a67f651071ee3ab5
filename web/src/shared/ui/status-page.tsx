import { useId, type ReactNode } from 'react';

interface StatusPageProps {
  title: string;
  message: string;
  /** What the user can do next, e.g. a link back home. */
  action?: ReactNode;
}

/** The body of an error or "not found" page. The caller sets the page title. */
export function StatusPage({ title, message, action }: StatusPageProps) {
  const headingId = useId();
  return (
    <section className="status-page" aria-labelledby={headingId}>
      <h1 id={headingId} className="status-page__title">
        {title}
      </h1>
      <p className="status-page__message">{message}</p>
      {action ? <div className="status-page__action">{action}</div> : null}
    </section>
  );
}
