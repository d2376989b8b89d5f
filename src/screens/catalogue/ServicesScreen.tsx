import {} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate, useSearch } from '@tanstack/react-router';
import { uploadedImageUrl } from '../../api/uploads/uploads';
import { bundleQueries } from '../../api/catalogue/bundles.queries';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import { parseTab } from '../../domain/catalogue/catalogue';
import { ServiceCatalogue } from '../../ui/catalogue/ServiceCatalogue';
import { ServiceCategoryEditor } from './services-editor';
import { type ServicesSearch } from './services-search';
import { RetryMessage } from '../../ui/kit/RetryMessage';
import { LoadingRows } from '../../ui/kit/ListStates';

const consoleRoute = getRouteApi('/_console');

/** The services screen, shown at /services and at / (01 §2): the chosen category is in the URL. */
export function ServicesScreen() {
  const { api, env } = consoleRoute.useRouteContext();
  const search: ServicesSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const categories = useQuery(serviceCategoryQueries.list(api));
  const bundles = useQuery(bundleQueries.list(api));

  const list = categories.data ?? [];
  const chosen = list.find((category) => category.id === search.category) ?? list[0];
  const apiUrl = env.VITE_API_URL;

  return (
    <ServiceCatalogue
      categories={list.map((category) => ({
        id: category.id,
        name: category.name,
        iconSrc: category.iconURL ? uploadedImageUrl(apiUrl, category.iconURL) : null,
        count: category.serviceItems.length,
      }))}
      chosenId={chosen?.id ?? null}
      loading={categories.isPending}
      error={categories.error ? categories.error.message : null}
      onRetry={() => void categories.refetch()}
    >
      {chosen &&
        (bundles.error ? (
          <RetryMessage
            message={`Could not load the bundles: ${bundles.error.message}`}
            onRetry={() => void bundles.refetch()}
          />
        ) : bundles.data ? (
          <ServiceCategoryEditor
            key={chosen.id}
            api={api}
            apiUrl={apiUrl}
            category={chosen}
            categories={list}
            bundles={bundles.data.filter((bundle) => bundle.serviceCategoryId === chosen.id)}
            tab={parseTab(search.tab)}
            isDefault={chosen.id === list[0]?.id}
            onTabChange={(tab) =>
              void navigate({ to: '/services', search: { category: chosen.id, tab }, replace: true })
            }
          />
        ) : (
          <LoadingRows label="Loading the category" rows={2} height="24" />
        ))}
    </ServiceCatalogue>
  );
}
