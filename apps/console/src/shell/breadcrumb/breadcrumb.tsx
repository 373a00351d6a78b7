import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { landmarks } from '../landmarks';
import { useLayout } from '../layout/layout-context';
import { buildBreadcrumb } from './build-breadcrumb';
import './breadcrumb.css';

/** Breadcrumb. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { tree } = useLayout();
  const crumbs = buildBreadcrumb(tree, pathname);
  return (
    <nav aria-label={landmarks.breadcrumb} className="app-breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const title = t(`route.${crumb.title}`, { defaultValue: crumb.title });
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.title}-${index}`}>
              {crumb.to ? (
                <Link to={crumb.to}>{title}</Link>
              ) : (
                <span
                  className="no-redirect"
                  {...(last ? { 'aria-current': 'page' as const } : {})}
                >
                  {title}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
