import { useTranslation } from 'react-i18next';
import { Outlet, useRouteError } from 'react-router';

/**
 * The root of the route tree. It uses no Ant Design: the sign-in page's first load stays
 * free of it (the signed-in layout brings it).
 */
export function Root() {
  return <Outlet />;
}

export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <div className="full-page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('layout.loading')}</span>
    </div>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const text = error instanceof Error ? error.message : t('messages.hasError');
  return (
    <div className="route-error" role="alert">
      <h1>{t('messages.hasError')}</h1>
      <p>{text}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('tagsView.refresh')}
      </button>
    </div>
  );
}
