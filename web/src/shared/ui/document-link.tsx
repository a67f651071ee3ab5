// A link to a document the API gives only to the logged-in owner or an admin (an invoice's PDF, its
// FA(3) XML, a CSV register). A plain link would carry no bearer token and get a 401, so a click
// fetches the file with the session's token and saves it; the address stays in `href` for what a
// link is read for (its target, copying it where the link has its own secret, e.g. `&hash_id=`).
import type { MouseEvent, ReactNode } from 'react';

import { apiClient } from '@/shared/api/client';
import { save } from '@/shared/lib/save-file';

interface DocumentLinkProps {
  href: string;
  /** The saved file's name. */
  filename: string;
  className?: string;
  children: ReactNode;
}

export function DocumentLink({ href, filename, className, children }: DocumentLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // A failure is told by the client's toast.
    apiClient.file(href).then((blob) => save(blob, filename), () => undefined);
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
