// @carmarket/shared/router: the part of React Router the site uses, shared as one Module Federation
// singleton. Sharing react-router-dom itself would load the whole package (its framework, server and
// data APIs: about 64 KB gzip) because a shared module cannot be tree-shaken; through this entry the
// shell's build keeps only what is listed here, and every remote still gets the same router context.
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
  type RouteObject,
} from 'react-router-dom';
