// @carmarket/shared/router: the part of React Router the site uses, shared as one Module Federation
// singleton. Sharing react-router-dom itself would load the whole package (its framework, server and
// data APIs: about 64 KB gzip) because a shared module cannot be tree-shaken; through this entry the
// shell's build keeps only what is listed here, and every remote still gets the same router context.
// The browser runs the declarative router (BrowserRouter with useRoutes): the data router would add
// about 17.7 KB gzip to every first load, for loaders and actions the site does not use.
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
  type Location,
  type RouteObject,
} from 'react-router-dom';
