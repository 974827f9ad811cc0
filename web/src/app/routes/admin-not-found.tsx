import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A path the staff panel does not know. Outside /admin it belongs to the public site: load it there. Inside /admin
 * the panel has no such screen: say so.
 */
export function AdminNotFound() {
  const { pathname, search } = useLocation();
  const publicPath = !/^\/admin(\/|$)/.test(pathname);
  useEffect(() => {
    if (publicPath) window.location.assign(pathname + search);
  }, [publicPath, pathname, search]);
  if (publicPath) return null;
  return (
    <main className="container narrow status-page">
      <h1>This admin page does not exist</h1>
      <p>
        <a href="/admin">Back to the dashboard</a>
      </p>
    </main>
  );
}
