import { HtmlContent } from '@/shared/ui/html-content';

import type { FormValues } from '../lib/area';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The banner as the site's strip shows it (the same classes), from the values as typed. */
export function BannerPreview({ values }: { values: FormValues }) {
  const classes = ['banner', textOf(values.bg_class), textOf(values.text_class)].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className="banner__inner">
        <div className="banner__content">
          <p className="banner__title">
            {textOf(values.link) ? (
              <a className="banner__link" href={textOf(values.link)} onClick={(event) => event.preventDefault()}>
                {textOf(values.title)}
              </a>
            ) : (
              textOf(values.title)
            )}
          </p>
          {textOf(values.text) ? <HtmlContent html={textOf(values.text)} className="banner__text" /> : null}
        </div>
      </div>
    </div>
  );
}
