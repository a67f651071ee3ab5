// The server decides which addresses are pages (200) and which are not (404) from page-paths.json;
// this keeps that list equal to the router's, so a new page cannot ship as a 404 (or a removed one
// as a 200).
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { createAppRoutes } from '../router';

import pagePaths from './page-paths.json';

function collect(routes: RouteObject[], parent: string, into: Set<string>) {
  for (const route of routes) {
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    if (route.index || (route.path !== undefined && !route.children)) into.add(path === '' ? '/' : path);
    if (route.children) collect(route.children, path, into);
  }
}

describe('page-paths.json', () => {
  it('lists exactly the pages of the router, in both languages', () => {
    const found = new Set<string>();
    collect(createAppRoutes(new QueryClient()), '', found);
    const polish = [...found].filter((path) => path !== '/en' && !path.startsWith('/en/') && path !== '/*');
    const english = [...found].filter((path) => path === '/en' || path.startsWith('/en/'));
    expect(polish.sort()).toEqual([...pagePaths.paths].sort());
    expect(english.map((path) => path.replace(/^\/en/, '') || '/').filter((path) => path !== '/*').sort()).toEqual(
      [...pagePaths.paths].sort(),
    );
  });
});
