/**
 * What a route tells the shell: the catalogue key of its page name (page heading and breadcrumb),
 * and whether its breadcrumb may link (top navigation areas do not: the top navigation links them,
 * and a second link of the same name would make the page ambiguous for its users and tests).
 */
export interface RouteHandle {
  titleKey: string;
  crumbLink?: boolean;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).titleKey === 'string';
