import {
  Component,
  createContext,
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
  useContext,
} from 'react';
import { RemoteLoading, RemoteUnavailable } from './remote-fallbacks';
import { loadRemoteComponent } from './remote-loader';

const lazyRemotes = new Map<string, LazyExoticComponent<ComponentType>>();

/** One React.lazy per exposed module, so navigating back to a page does not suspend again. */
function lazyRemote(id: string): LazyExoticComponent<ComponentType> {
  let component = lazyRemotes.get(id);
  if (!component) {
    component = lazy(() => loadRemoteComponent(id));
    lazyRemotes.set(id, component);
  }
  return component;
}

/**
 * The remote pages the server render loaded before rendering, by module id. The browser has none and
 * loads each lazily; it hydrates the server's markup once its own copy has arrived.
 */
export const ServerLoadedRemotes = createContext<ReadonlyMap<string, ComponentType>>(new Map());

function RemoteModule({ id }: { id: string }) {
  const Module = useContext(ServerLoadedRemotes).get(id) ?? lazyRemote(id);
  return <Module />;
}

interface BoundaryProps {
  id: string;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    // React.lazy keeps a rejected import forever: drop it, so Retry (or coming back to this page)
    // loads the remote again and a restored remote appears without reloading the site.
    lazyRemotes.delete(this.props.id);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteUnavailable onRetry={this.retry} />;
  }
}

interface RemoteBoundaryProps {
  /** The exposed module, e.g. 'mfe_search/SearchPage'. */
  id: string;
  /** A page a screen tall or more: its loading placeholder is too (see RemoteLoading). */
  fillScreen?: boolean;
}

/**
 * Mounts a remote's exposed component inside an error boundary and Suspense. A remote that cannot be
 * loaded (or throws) is contained here: header, footer and the other routes keep working.
 */
export function RemoteBoundary({ id, fillScreen = false }: RemoteBoundaryProps) {
  return (
    <RemoteErrorBoundary key={id} id={id}>
      <Suspense fallback={<RemoteLoading fillScreen={fillScreen} />}>
        <RemoteModule id={id} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
