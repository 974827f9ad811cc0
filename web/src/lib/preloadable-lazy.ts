import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component that can also be loaded ahead of its first render. */
export interface PreloadableComponent extends LazyExoticComponent<ComponentType> {
  /** Loads the component; once it has, the component renders at once instead of suspending. */
  preload(): Promise<void>;
}

/**
 * A module already in hand, as a thenable that calls back at once. React.lazy reads it as loaded and renders the
 * component in the same pass: a Promise, even a settled one, calls back only after the current task, so the component
 * would suspend and React retry it in a later task (during hydration: the page's boundary hydrated once more).
 */
function alreadyLoaded<T>(value: T): Promise<T> {
  const thenable = {
    then(resolve: (loaded: T) => void) {
      resolve(value);
      return thenable;
    },
  };
  // React.lazy only calls then(onFulfilled, onRejected) on what its loader returns (see above).
  return thenable as unknown as Promise<T>;
}

/**
 * React.lazy over `load`, with `preload` to load it before it renders: a translated content page's text, which the
 * router loads with the page's code (src/lib/i18n/localized-content.tsx).
 */
export function preloadableLazy(load: () => Promise<ComponentType>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  const component = lazy(() =>
    loaded ? alreadyLoaded({ default: loaded }) : preload().then(() => ({ default: loaded as ComponentType })),
  );
  return Object.assign(component, { preload });
}
