import type { RouteObject } from 'react-router-dom';

/**
 * The staff panel's routes, mounted under /admin by the app router. Client-only (never pre-rendered) and
 * loaded lazily so the public site's first load carries none of it.
 */
export const adminRoutes: RouteObject[] = [];
