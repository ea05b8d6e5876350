import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import {
  AdminContext,
  EditBase,
  Resource,
  ResourceDefinitionContextProvider,
  WithRecord,
  memoryStore,
  type Identifier,
  type Store,
  type ResourceDefinitions,
} from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { TopCenterNotification } from '../../src/custom/layout/TopCenterNotification';
import { lightTheme } from '../../src/custom/layout/theme';
import type { AdminAuthProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { resources } from '../../src/resources';
import type { ResourceDeclaration } from '../../src/resources/declarations';
import { LocationProbe, currentLocation, fakeAuthProvider, mockedDataProvider, type MockedDataProvider } from './fakeProviders';

export interface ScreenOptions {
  dataProvider?: MockedDataProvider;
  authProvider?: AdminAuthProvider;
  /** React-admin's store; an empty one in memory by default. */
  store?: Store;
}

/** What <Resource> would register in the app, so that references and record names read as they do there. */
const definitions: ResourceDefinitions = Object.fromEntries(
  resources.map((resource) => [
    resource.name,
    Resource.registerResource({
      name: resource.name,
      list: resource.list,
      edit: resource.edit,
      icon: resource.menu?.icon,
      recordRepresentation: resource.recordRepresentation,
    }),
  ]),
);

/**
 * `routes` at `path` inside what <Admin> gives every screen (react-admin's AdminContext with the console's theme and
 * i18n provider, an empty store, the top-centre toasts) but without the shell: no session check, layout or menu,
 * which only their own tests need. Any other path renders nothing, so that a test can follow a redirection.
 */
export function renderRoutes(path: string, routes: ReactNode, options: ScreenOptions = {}) {
  const dataProvider = mockedDataProvider(options.dataProvider);
  const authProvider = options.authProvider ?? fakeAuthProvider();
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={lightTheme}
        store={options.store ?? memoryStore()}
      >
        <ResourceDefinitionContextProvider definitions={definitions}>
          <Suspense fallback={null}>
            <Routes>
              {routes}
              <Route path="*" element={null} />
            </Routes>
          </Suspense>
        </ResourceDefinitionContextProvider>
        <TopCenterNotification />
      </AdminContext>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, dataProvider, authProvider, location: currentLocation };
}

/** A resource's screens (list, record page, its other routes) as the console declares them, at `path`. */
export function renderResource(resource: ResourceDeclaration, path: string, options: ScreenOptions = {}) {
  return renderRoutes(
    path,
    <Route
      path={`/${resource.name}/*`}
      element={
        <Resource name={resource.name} list={resource.list} edit={resource.edit} recordRepresentation={resource.recordRepresentation}>
          {resource.routes?.map(({ path: subPath, page: Page }) => (
            <Route key={subPath} path={subPath} element={<Page />} />
          ))}
        </Resource>
      }
    />,
    options,
  );
}

/** A page of its own (Bank, Audit, Account, Dashboard…) at `path`, its route being the path without its query. */
export function renderPage(Page: ComponentType, path: string, options: ScreenOptions = {}) {
  return renderRoutes(path, <Route path={path.split('?')[0]} element={<Page />} />, options);
}

/**
 * A part of a record page (a tab, a dialog) at `/{resource}/{id}`, inside the record's EditBase as the page
 * has it: the record loaded through getOne, saved pessimistically; shown once the record is there, as the page
 * shows its tabs; without the rest of the page.
 */
export function renderRecordPart(resource: string, id: Identifier, part: ReactNode, options: ScreenOptions = {}) {
  return renderRoutes(
    `/${resource}/${id}`,
    <Route
      path={`/${resource}/:id/*`}
      element={
        <EditBase resource={resource} id={id} mutationMode="pessimistic" redirect={false}>
          <WithRecord render={() => part} />
        </EditBase>
      }
    />,
    options,
  );
}
