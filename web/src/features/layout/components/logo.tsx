/** The brand mark: a simple coach in the brand colour. Decorative; the link around it names it. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="26" height="19" rx="4" fill="currentColor" />
      <rect x="6" y="8" width="9" height="7" rx="1.5" fill="#fff" />
      <rect x="17" y="8" width="9" height="7" rx="1.5" fill="#fff" />
      <rect x="6" y="18" width="20" height="2" rx="1" fill="#fff" opacity="0.6" />
      <circle cx="10" cy="25" r="3" fill="currentColor" stroke="#fff" strokeWidth="1.5" />
      <circle cx="22" cy="25" r="3" fill="currentColor" stroke="#fff" strokeWidth="1.5" />
    </svg>
  );
}
