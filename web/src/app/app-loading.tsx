/** A quiet placeholder while the first route chunk loads; usually on screen for a few milliseconds. */
export function AppLoading() {
  return <div className="app-loading" aria-busy="true" />;
}
