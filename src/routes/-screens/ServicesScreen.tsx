import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { serviceCategoriesApi } from '../../api/service-categories';
import { ServiceCatalogue } from '../../ui/ServiceCatalogue';

const consoleRoute = getRouteApi('/_console');

/** The services screen, shown at /services and at / (01 §2). */
export function ServicesScreen() {
  const { api } = consoleRoute.useRouteContext();
  const categories = useQuery({
    queryKey: ['svc-category'],
    queryFn: ({ signal }) =>
      serviceCategoriesApi(api)
        .list()
        .then((list) => (signal.aborted ? [] : list)),
  });
  return (
    <ServiceCatalogue
      categories={categories.data ?? []}
      loading={categories.isPending}
      error={categories.error ? categories.error.message : null}
      onRetry={() => void categories.refetch()}
    />
  );
}
