import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { TeacupLoader } from '../components/teacup-loader';
import type { BareRoute, FeatureRoute } from '../lib/feature';
import { setChunkReloadTarget } from '../lib/lazy-import';
import { setAppNavigator } from '../lib/navigation';
import { webFeatures } from './features';
import { RequireAuth } from './guards/require-auth';
import { RequirePermission } from './guards/require-permission';
import { AppLayout } from './layout/app-layout';
import { BareLayout } from './layout/bare-layout';
import { RouteError } from './route-error';

/** A feature's route as the router's: its guard becomes the app's permission guard around it. */
function toRoute(route: FeatureRoute): RouteObject {
  const { guard, redirect, lazy, children } = route;
  const element = guard ? (
    <RequirePermission allow={guard.allow} denied={guard.denied} />
  ) : redirect !== undefined ? (
    <Navigate to={redirect} replace />
  ) : undefined;
  // Only the keys a route has: an index route may have no children, a lazy one no Component.
  return {
    ...(route.index && { index: true }),
    ...(route.path !== undefined && { path: route.path }),
    ...(element && { element }),
    ...(lazy && { lazy }),
    ...(children && { children: children.map(toRoute) }),
  } as RouteObject;
}

/** A bare page: its own wrapper (no header), behind the login guard when it asks for it. */
function toBareRoute({ path, signedIn, children }: BareRoute): RouteObject {
  const pages = children.map(toRoute);
  return {
    path,
    element: <BareLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <TeacupLoader overlay />,
    children: signedIn ? [{ element: <RequireAuth />, children: pages }] : pages,
  };
}

/** Every route of spec §2, with its guards: the features' routes in the app's layouts. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <TeacupLoader overlay />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...webFeatures.flatMap((f): FeatureRoute[] => ('publicRoutes' in f ? f.publicRoutes : [])).map(toRoute),
          {
            element: <RequireAuth />,
            children: webFeatures.flatMap((f): FeatureRoute[] => ('routes' in f ? f.routes : [])).map(toRoute),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  ...webFeatures.flatMap((f): BareRoute[] => ('bareRoutes' in f ? f.bareRoutes : [])).map(toBareRoute),
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setAppNavigator((to) => void router.navigate(to));
  setChunkReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  });
  return router;
}
