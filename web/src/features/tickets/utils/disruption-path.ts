// The address of a cancelled or late course's choice page (issue 28); it differs by language.

/** The page of the choice for a link's token, in the page's language. */
export function disruptionPath(locale: string, token: string): string {
  return `${locale === 'en' ? '/disrupted-course' : '/odwolany-kurs'}/${encodeURIComponent(token)}`;
}
