import type { ReactNode } from 'react';

/** A message in place of a form (done, or a link that did not work). Announced when it appears. */
export function FormNotice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-notice form-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
