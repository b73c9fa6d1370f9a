import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorMessage, NotFoundMessage } from '../../components/error-pages';
import { statusOf } from '../../lib/api';
import { forgetFailedPages } from '../routing/lazy-page';

/**
 * What a crash or a failed page query shows: the not-found page for a 404, the full-page error for anything
 * else. `standalone` when the shell itself could not render.
 */
export function RouteError({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const notFound = statusOf(error) === 404;
  if (import.meta.env.DEV) console.error(error);
  return notFound ? <NotFoundMessage standalone={standalone} /> : <ErrorMessage standalone={standalone} />;
}

interface BoundaryProps {
  /** The path shown: a new one clears the error (the customer navigated away from it). */
  path: string;
  standalone: boolean;
  children: ReactNode;
}

interface BoundaryState {
  path: string;
  failure: { error: unknown } | null;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { path: this.props.path, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.path === state.path) return null;
    if (state.failure) forgetFailedPages();
    return { path: props.path, failure: null };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} standalone={this.props.standalone} /> : this.props.children;
  }
}

/**
 * Catches what a page throws while rendering (a crash, a page query that reaches the error screen, a page chunk
 * that failed to load) and shows RouteError in its place; moving to another path tries again.
 */
export function RouteErrors({ standalone = false, children }: { standalone?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary path={pathname} standalone={standalone}>
      {children}
    </RouteErrorBoundary>
  );
}
